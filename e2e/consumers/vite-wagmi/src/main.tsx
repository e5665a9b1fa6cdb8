import { createKeyframe } from '@keyframe/sdk'
import { KeyframeProvider } from '@keyframe/sdk/react'
import { keyframe } from '@keyframe/sdk/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { App } from './App.tsx'
import { readConfig } from './config.ts'

const { projectId, frameUrl, chains } = readConfig()
// One instance for wagmi's connector and the SDK's hooks: they share its store.
const kf = createKeyframe({ projectId, frameUrl, networks: chains })
const config = createConfig({
  chains,
  connectors: [keyframe({ keyframe: kf })],
  transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
})
const queryClient = new QueryClient()

const root = document.getElementById('root')
if (!root) throw new Error('No #root element')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <KeyframeProvider keyframe={kf}>
          <App />
        </KeyframeProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
