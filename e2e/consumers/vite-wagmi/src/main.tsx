import { createKeyframe } from '@keyframe/sdk'
import { KeyframeProvider } from '@keyframe/sdk/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { readConfig } from './config.ts'

const { projectId, frameUrl, chains } = readConfig()
const keyframe = createKeyframe({ projectId, frameUrl, networks: chains })

const root = document.getElementById('root')
if (!root) throw new Error('No #root element')
createRoot(root).render(
  <StrictMode>
    <KeyframeProvider keyframe={keyframe}>
      <App />
    </KeyframeProvider>
  </StrictMode>,
)
