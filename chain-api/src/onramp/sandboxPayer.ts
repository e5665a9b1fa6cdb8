/**
 * The sandbox provider's account (`config.onrampSandbox.privateKey`, dev only): sends the native asset or an
 * ERC20 to a buyer. Sends from one process take turns per chain, because two in flight would be signed with
 * the same nonce; several processes sharing one sandbox key could still collide (dev runs one).
 * @module
 */
import { createWalletClient, erc20Abi, formatUnits, type Hash, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type ChainWithClient, viemChain } from '../chains/registry.ts'

export type SandboxTransfer = {
  chain: ChainWithClient
  to: `0x${string}`
  /** Base units. */
  amount: bigint
  /** The ERC20; undefined for the native asset. */
  token?: `0x${string}` | undefined
  symbol: string
  decimals: number
}

export type SandboxPayer = {
  address: `0x${string}`
  /**
   * Sends one transfer and resolves with its hash once the node accepted it.
   * @throws Error when the sandbox account holds too little, or the node refuses the transaction (nothing sent).
   */
  send(transfer: SandboxTransfer): Promise<Hash>
}

/** A payer for this key. Nothing connects until the first send. */
export function createSandboxPayer(privateKey: `0x${string}`): SandboxPayer {
  const account = privateKeyToAccount(privateKey)
  const turns = new Map<string, Promise<unknown>>()
  const inTurn = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (turns.get(key) ?? Promise.resolve()).then(task)
    turns.set(
      key,
      run.catch(() => {}),
    )
    return run
  }

  async function send(t: SandboxTransfer): Promise<Hash> {
    const wallet = createWalletClient({ account, chain: viemChain(t.chain), transport: http(t.chain.rpcUrl) })
    const held = t.token
      ? await t.chain.client.readContract({
          address: t.token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
      : await t.chain.client.getBalance({ address: account.address })
    if (held < t.amount)
      throw new Error(
        `the sandbox account holds ${formatUnits(held, t.decimals)} ${t.symbol}, needs ${formatUnits(t.amount, t.decimals)}`,
      )
    if (t.token)
      return wallet.writeContract({
        address: t.token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [t.to, t.amount],
      })
    return wallet.sendTransaction({ to: t.to, value: t.amount })
  }

  return {
    address: account.address,
    send: (transfer) => inTurn(transfer.chain.caip2, () => send(transfer)),
  }
}
