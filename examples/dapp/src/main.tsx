import { createKeyframe } from '@keyframe/sdk'
import { KeyframeProvider } from '@keyframe/sdk/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoChains, demoFeatures, demoSignIn, readDemoConfig } from './config.ts'

const config = readDemoConfig()
const chains = demoChains(config)
const signIn = demoSignIn(location.search)

// Async for `?siwx=` alone, whose sign-in code loads first; without it this runs at once, as before. (Not a
// top-level await: that makes the bundler split the page's startup code into many more chunks.)
async function start() {
  const keyframe = createKeyframe({
    projectId: config.projectId,
    frameUrl: config.frameUrl,
    chainApiUrl: config.chainApiUrl,
    walletConnect: config.walletConnect,
    features: demoFeatures(location.search),
    networks: chains,
    metadata: { name: 'Keyframe demo', url: location.origin, icons: [] },
    ...(signIn ? await (await import('./siwx.ts')).signInOptions(signIn) : {}),
  })
  // For the e2e suites and benchmarks, which drive the page from outside.
  Object.assign(window, { keyframe })

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <KeyframeProvider keyframe={keyframe}>
        <App chains={chains} faucetUrl={config.faucetUrl} signIn={signIn !== undefined} />
      </KeyframeProvider>
    </StrictMode>,
  )
}
void start()
