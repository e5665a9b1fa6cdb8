import type { KeyframeOptions } from '@keyframe/sdk'
import { defineChain } from 'viem'

/** An ERC20 the demo can send (the devstack deploys them on every chain). */
export type DemoToken = { address: `0x${string}`; symbol: string; name: string; decimals: number }

/** A local chain as the devstack describes it. */
export type DemoChainConfig = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: DemoToken[]
}

/** Where this demo finds its frame, chains and faucet: injected into the page by whoever serves it (devstack, e2e). */
export type DemoConfig = {
  projectId: string
  frameUrl: string
  chains: DemoChainConfig[]
  /** The devstack's faucet (`POST {faucetUrl}/fund`). */
  faucetUrl: string
  /** The devstack's chain-api: balances, activity, swaps, on-ramp and names in the modal. */
  chainApiUrl: string
  /** The devstack's local WalletConnect relay: Connect offers WalletConnect. Absent, it does not. */
  walletConnect?: { relayUrl: string }
}

export function readDemoConfig(): DemoConfig {
  const el = document.getElementById('keyframe-demo-config')
  if (!el?.textContent) throw new Error('Demo config missing: serve the demo through `npm start`.')
  return JSON.parse(el.textContent) as DemoConfig
}

/** The demo's networks as viem chains, with the ERC20s Send offers (`tokens`). */
export function demoChains(config: DemoConfig) {
  return config.chains.map((chain) =>
    defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: true,
      tokens: chain.tokens,
    }),
  )
}

export type DemoChain = ReturnType<typeof demoChains>[number]

/**
 * The `features` option from the page's query, e.g. `?features=swaps:off,onramp:off` (the e2e suites turn a
 * feature off this way; anyone can try it). Unknown names are passed on for createKeyframe to refuse.
 */
export function demoFeatures(search: string): KeyframeOptions['features'] {
  const value = new URLSearchParams(search).get('features')
  if (!value) return undefined
  return Object.fromEntries(
    value.split(',').map((entry) => {
      const [name = '', state] = entry.split(':')
      return [name.trim(), state !== 'off']
    }),
  )
}

/** What `?siwx=` in the page's URL asks for (the e2e suites turn sign-in on this way; anyone can try it). */
export type DemoSignIn = 'required' | 'optional' | 'siwe'

export function demoSignIn(search: string): DemoSignIn | undefined {
  const value = new URLSearchParams(search).get('siwx')
  return value === 'required' || value === 'optional' || value === 'siwe' ? value : undefined
}
