/**
 * The viem path: a wallet client over the connected wallet's EIP-1193 provider (`custom` transport).
 * Loaded on first use.
 * @module
 */
import { getEmbeddedProvider, getProvider } from '@keyframe/sdk'
import { createWalletClient, custom, erc20Abi, parseEther, parseUnits } from 'viem'
import { DEMO_ETH, DEMO_KUSD, DEMO_MESSAGE, DEMO_RECIPIENT, demoTypedData } from './demoData.ts'
import { chainById, type EvmContext, type EvmLibrary, kusdOn, nextChain } from './types.ts'

export function createViemLibrary(context: EvmContext): EvmLibrary {
  // A client per action: the connected wallet (embedded or injected) and its chain may change in between.
  async function client() {
    const provider = (await getProvider(context.keyframe)) ?? getEmbeddedProvider(context.keyframe)
    const bare = createWalletClient({ transport: custom(provider) })
    const [account] = await bare.requestAddresses()
    if (!account) throw new Error('The wallet gave no account')
    const chain = chainById(context, await bare.getChainId())
    return createWalletClient({ account, chain, transport: custom(provider) })
  }
  return {
    async signMessage() {
      const wallet = await client()
      return { kind: 'signature', value: await wallet.signMessage({ message: DEMO_MESSAGE }) }
    },
    async signTypedData() {
      const wallet = await client()
      return { kind: 'signature', value: await wallet.signTypedData(demoTypedData(wallet.chain.id)) }
    },
    async sendEth() {
      const wallet = await client()
      const hash = await wallet.sendTransaction({ to: DEMO_RECIPIENT, value: parseEther(DEMO_ETH) })
      return { kind: 'transaction', value: hash }
    },
    async sendKusd() {
      const wallet = await client()
      const kusd = kusdOn(wallet.chain)
      const hash = await wallet.writeContract({
        address: kusd.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [DEMO_RECIPIENT, parseUnits(DEMO_KUSD, kusd.decimals)],
      })
      return { kind: 'transaction', value: hash }
    },
    async switchChain() {
      const wallet = await client()
      await wallet.switchChain({ id: nextChain(context, wallet.chain.id).id })
      return { kind: 'chain', value: String(await wallet.getChainId()) }
    },
  }
}
