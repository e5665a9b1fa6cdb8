/**
 * The ethers path: `BrowserProvider` over the connected wallet's EIP-1193 provider, and its signer.
 * Loaded on first use.
 * @module
 */
import { getEmbeddedProvider, getProvider } from '@keyframe/sdk'
import { BrowserProvider, Contract, parseEther, parseUnits, toQuantity } from 'ethers'
import { DEMO_ETH, DEMO_KUSD, DEMO_MESSAGE, DEMO_RECIPIENT, demoTypedData } from './demoData.ts'
import { chainById, type EvmContext, type EvmLibrary, kusdOn, nextChain } from './types.ts'

const ERC20_TRANSFER = ['function transfer(address to, uint256 amount) returns (bool)']

export function createEthersLibrary(context: EvmContext): EvmLibrary {
  // A BrowserProvider per action: ethers pins the network it first saw and refuses to work after a switch.
  async function connect() {
    const eip1193 = (await getProvider(context.keyframe)) ?? getEmbeddedProvider(context.keyframe)
    const provider = new BrowserProvider(eip1193)
    const chain = chainById(context, Number((await provider.getNetwork()).chainId))
    return { eip1193, provider, chain, signer: await provider.getSigner() }
  }
  return {
    async signMessage() {
      const { signer } = await connect()
      return { kind: 'signature', value: await signer.signMessage(DEMO_MESSAGE) }
    },
    async signTypedData() {
      const { signer, chain } = await connect()
      const { domain, types, message } = demoTypedData(chain.id)
      // ethers takes the types without EIP712Domain and finds the primary type itself.
      const signature = await signer.signTypedData(
        domain,
        { Person: [...types.Person], Mail: [...types.Mail] },
        message,
      )
      return { kind: 'signature', value: signature }
    },
    async sendEth() {
      const { signer } = await connect()
      const tx = await signer.sendTransaction({ to: DEMO_RECIPIENT, value: parseEther(DEMO_ETH) })
      return { kind: 'transaction', value: tx.hash }
    },
    async sendKusd() {
      const { signer, chain } = await connect()
      const kusd = kusdOn(chain)
      const token = new Contract(kusd.address, ERC20_TRANSFER, signer)
      const tx = await token.getFunction('transfer')(DEMO_RECIPIENT, parseUnits(DEMO_KUSD, kusd.decimals))
      return { kind: 'transaction', value: (tx as { hash: string }).hash }
    },
    async switchChain() {
      const { eip1193, provider, chain } = await connect()
      const target = nextChain(context, chain.id)
      await provider.send('wallet_switchEthereumChain', [{ chainId: toQuantity(target.id) }])
      const { chainId } = await new BrowserProvider(eip1193).getNetwork()
      return { kind: 'chain', value: String(chainId) }
    },
  }
}
