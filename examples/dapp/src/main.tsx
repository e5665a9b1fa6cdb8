import { createKeyframe } from '@keyframe/sdk'
import { KeyframeProvider } from '@keyframe/sdk/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoNetworks, readDemoConfig } from './config.ts'

const { projectId, frameUrl } = readDemoConfig()
const keyframe = createKeyframe({
  projectId,
  frameUrl,
  networks: demoNetworks,
  metadata: { name: 'Keyframe demo', url: location.origin, icons: [] },
})
// For the e2e suites and benchmarks, which drive the page from outside.
Object.assign(window, { keyframe })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KeyframeProvider keyframe={keyframe}>
      <App />
    </KeyframeProvider>
  </StrictMode>,
)
