/**
 * The wagmi path: a config over the demo's chains with Keyframe's connector (`@keyframe/sdk/wagmi`) on the
 * page's instance, so wagmi and the modal share one connection, then @wagmi/core actions. Loaded on first use.
 * @module
 */
import { keyframe } from '@keyframe/sdk/wagmi'
import {
  connect,
  createConfig,
  getConnection,
  http,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  writeContract,
} from '@wagmi/core'
import { erc20Abi, parseEther, parseUnits } from 'viem'
import type { DemoChain } from '../config.ts'
import { DEMO_ETH, DEMO_KUSD, DEMO_MESSAGE, DEMO_RECIPIENT, demoTypedData } from './demoData.ts'
import { chainById, type EvmContext, type EvmLibrary, kusdOn, nextChain } from './types.ts'

export function createWagmiLibrary(context: EvmContext): EvmLibrary {
  const [first, ...rest] = context.chains
  if (!first) throw new Error('The demo configures no chain')
  const chains: readonly [DemoChain, ...DemoChain[]] = [first, ...rest]
  const config = createConfig({
    chains,
    // Keyframe's EIP-6963 announcement, also discovered, is the same wallet: wagmi lists it once.
    connectors: [keyframe({ keyframe: context.keyframe })],
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
    // The demo connects on first use in every page load; nothing to restore.
    storage: null,
  })
  const [keyframeConnector] = config.connectors

  /** Connects wagmi to the Keyframe wallet once; returns the chain it is on. */
  async function connected(): Promise<DemoChain> {
    let connection = getConnection(config)
    if (connection.status !== 'connected') {
      await connect(config, { connector: keyframeConnector! })
      connection = getConnection(config)
    }
    return chainById(context, connection.chainId!)
  }

  return {
    async signMessage() {
      await connected()
      return { kind: 'signature', value: await signMessage(config, { message: DEMO_MESSAGE }) }
    },
    async signTypedData() {
      const chain = await connected()
      return { kind: 'signature', value: await signTypedData(config, demoTypedData(chain.id)) }
    },
    async sendEth() {
      await connected()
      const hash = await sendTransaction(config, { to: DEMO_RECIPIENT, value: parseEther(DEMO_ETH) })
      return { kind: 'transaction', value: hash }
    },
    async sendKusd() {
      const kusd = kusdOn(await connected())
      const hash = await writeContract(config, {
        address: kusd.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [DEMO_RECIPIENT, parseUnits(DEMO_KUSD, kusd.decimals)],
      })
      return { kind: 'transaction', value: hash }
    },
    async switchChain() {
      const target = nextChain(context, (await connected()).id)
      const chain = await switchChain(config, { chainId: target.id })
      return { kind: 'chain', value: String(chain.id) }
    },
  }
}
