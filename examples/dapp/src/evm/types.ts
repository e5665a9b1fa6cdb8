import type { Keyframe } from '@keyframe/sdk'
import type { DemoChain, DemoToken } from '../config.ts'

export type EvmContext = { keyframe: Keyframe; chains: readonly DemoChain[] }

/** What an action produced: a signature, a transaction hash, or the chain id the wallet moved to. */
export type EvmOutcome = { kind: 'signature' | 'transaction' | 'chain'; value: string }

export type EvmAction = 'signMessage' | 'signTypedData' | 'sendEth' | 'sendKusd' | 'switchChain'

/** One library's way of doing each of the panel's actions. */
export type EvmLibrary = Record<EvmAction, () => Promise<EvmOutcome>>

/** The configured chain with that id. */
export function chainById(context: EvmContext, chainId: number): DemoChain {
  const chain = context.chains.find((c) => c.id === chainId)
  if (!chain) throw new Error(`The wallet is on chain ${chainId}, which the demo does not configure`)
  return chain
}

/** Where Switch chain goes: the next configured chain after the current one. */
export function nextChain(context: EvmContext, chainId: number): DemoChain {
  const index = context.chains.findIndex((c) => c.id === chainId)
  return context.chains[(index + 1) % context.chains.length]!
}

/** kUSD on that chain. */
export function kusdOn(chain: DemoChain): DemoToken {
  const token = chain.tokens.find((t) => t.symbol === 'kUSD')
  if (!token) throw new Error(`No kUSD configured on ${chain.name}`)
  return token
}
