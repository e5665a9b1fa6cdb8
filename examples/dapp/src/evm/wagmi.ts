/**
 * The wagmi path: a config over the demo's chains that discovers wallets through EIP-6963, the Keyframe
 * wallet picked by its rdns, then @wagmi/core actions. Loaded on first use.
 * @module
 */
import {
  type Connector,
  connect,
  createConfig,
  getConnection,
  http,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  watchConnectors,
  writeContract,
} from '@wagmi/core'
import { erc20Abi, parseEther, parseUnits } from 'viem'
import type { DemoChain } from '../config.ts'
import { DEMO_ETH, DEMO_KUSD, DEMO_MESSAGE, DEMO_RECIPIENT, demoTypedData } from './demoData.ts'
import { chainById, type EvmContext, type EvmLibrary, kusdOn, nextChain } from './types.ts'

/** The rdns the Keyframe SDK announces its embedded wallet with. */
export const KEYFRAME_RDNS = 'dev.keyframe'
/** How long to wait for the announcement (it answers wagmi's request at once when the SDK is on the page). */
const DISCOVERY_TIMEOUT_MS = 2_000

export function createWagmiLibrary(context: EvmContext): EvmLibrary {
  const [first, ...rest] = context.chains
  if (!first) throw new Error('The demo configures no chain')
  const chains: readonly [DemoChain, ...DemoChain[]] = [first, ...rest]
  const config = createConfig({
    chains,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
    multiInjectedProviderDiscovery: true,
    // The demo connects on first use in every page load; nothing to restore.
    storage: null,
  })

  function keyframeConnector(): Promise<Connector> {
    const find = (connectors: readonly Connector[]) => connectors.find((c) => c.id === KEYFRAME_RDNS)
    const found = find(config.connectors)
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop()
        reject(new Error(`No wallet announced itself with rdns ${KEYFRAME_RDNS} (EIP-6963)`))
      }, DISCOVERY_TIMEOUT_MS)
      const stop = watchConnectors(config, {
        onChange(connectors) {
          const connector = find(connectors)
          if (!connector) return
          clearTimeout(timer)
          stop()
          resolve(connector)
        },
      })
    })
  }

  /** Connects wagmi to the Keyframe wallet once; returns the chain it is on. */
  async function connected(): Promise<DemoChain> {
    let connection = getConnection(config)
    if (connection.status !== 'connected') {
      await connect(config, { connector: await keyframeConnector() })
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
