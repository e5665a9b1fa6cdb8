import type { KeyframeNetwork } from '@keyframe/sdk'
import { connection } from 'next/server'
import { Wallet } from './wallet'

type ChainConfig = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

function setting(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

export default async function Page() {
  // Rendered per request: the deployment's settings come from the server's environment.
  await connection()
  const chains = JSON.parse(setting('KEYFRAME_CHAINS')) as ChainConfig[]
  const networks: KeyframeNetwork[] = chains.map((chain) => ({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }))
  return (
    <main>
      <h1>Keyframe in a Next.js app</h1>
      <p>A server-rendered page; the wallet below is a client component.</p>
      <Wallet
        projectId={setting('KEYFRAME_PROJECT_ID')}
        frameUrl={setting('KEYFRAME_FRAME_URL')}
        networks={networks}
      />
    </main>
  )
}
