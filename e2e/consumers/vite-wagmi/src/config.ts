import type { Chain } from 'viem'

type ChainConfig = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}
/** The deployment's settings, which the server that serves the page writes into it. */
type PageConfig = { projectId: string; frameUrl: string; chains: ChainConfig[] }

export function readConfig(): { projectId: string; frameUrl: string; chains: [Chain, ...Chain[]] } {
  const text = document.getElementById('keyframe-demo-config')?.textContent
  if (!text) throw new Error('The page has no Keyframe settings')
  const config = JSON.parse(text) as PageConfig
  const chains = config.chains.map(
    (chain): Chain => ({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
  const [first, ...rest] = chains
  if (!first) throw new Error('The page has no chains')
  return { projectId: config.projectId, frameUrl: config.frameUrl, chains: [first, ...rest] }
}
