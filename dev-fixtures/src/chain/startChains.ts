/**
 * The local EVM world: two anvil chains with the dev contracts deployed on each, for trying network switching.
 * @module
 */
import type { StackLogger } from '../stackLogger.ts'
import { type Anvil, startAnvil } from './anvil.ts'
import { deployDevContracts } from './deploy.ts'
import { type DevChain, UNISWAP_CHAIN_ID } from './devChain.ts'
import { placeIdRegistry } from './idRegistry.ts'
import { deploySpamNft } from './spamNft.ts'
import { deployUniswapV2 } from './uniswap.ts'

/** The dev chains: ids and names. */
export const DEV_CHAIN_SPECS = [
  { chainId: 31337, name: 'Keyframe Local' },
  { chainId: 31338, name: 'Keyframe Local 2' },
] as const

export type StartChainsOptions = {
  /** Ports of the two anvils on 127.0.0.1 (0 = any free port; default both 0). */
  ports?: [number, number]
  /** Receives anvil's output (default: dropped); the stack passes its log file's logger, source `chain`. */
  logger?: StackLogger
}

export type DevChains = { chains: DevChain[]; close(): Promise<void> }

/**
 * Starts both dev chains in parallel and deploys the dev contracts on each (and places Farcaster's IdRegistry
 * with the dev fids), and Uniswap V2 with its pools on 31337. Nothing keeps running on failure.
 */
export async function startChains(options: StartChainsOptions = {}): Promise<DevChains> {
  const { logger } = options
  const started = await Promise.allSettled(
    DEV_CHAIN_SPECS.map(({ chainId }, index) =>
      startAnvil({ chainId, port: options.ports?.[index] ?? 0, ...(logger ? { logger } : {}) }),
    ),
  )
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const close = async () => {
    await Promise.all(anvils.map((anvil: Anvil) => anvil.close()))
  }
  try {
    for (const result of started) if (result.status === 'rejected') throw result.reason
    const chains = await Promise.all(
      anvils.map(async (anvil, index): Promise<DevChain> => {
        const [{ tokens, nft }, spamNft] = await Promise.all([
          deployDevContracts(anvil),
          deploySpamNft(anvil),
          placeIdRegistry(anvil),
        ])
        const uniswap = anvil.chainId === UNISWAP_CHAIN_ID ? await deployUniswapV2(anvil, tokens) : undefined
        return {
          chainId: anvil.chainId,
          name: DEV_CHAIN_SPECS[index]!.name,
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          tokens,
          nft,
          spamNft,
          ...(uniswap ? { uniswap } : {}),
        }
      }),
    )
    return { chains, close }
  } catch (error) {
    await close()
    throw error
  }
}
