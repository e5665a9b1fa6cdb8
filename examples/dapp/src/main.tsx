import { createKeyframe } from '@keyframe/sdk'
import { KeyframeProvider } from '@keyframe/sdk/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoChains, demoFeatures, demoSignIn, readDemoConfig } from './config.ts'

const config = readDemoConfig()
const chains = demoChains(config)
const signIn = demoSignIn(location.search)
const keyframe = createKeyframe({
  projectId: config.projectId,
  frameUrl: config.frameUrl,
  chainApiUrl: config.chainApiUrl,
  walletConnect: config.walletConnect,
  features: demoFeatures(location.search),
  networks: chains,
  metadata: { name: 'Keyframe demo', url: location.origin, icons: [] },
  // Sign-in code only on a page that asks for it (`?siwx=`): the others stay as small as before.
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
