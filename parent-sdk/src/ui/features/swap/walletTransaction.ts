/**
 * A transaction chain-api built (approve or swap) as the connected wallet's `eth_sendTransaction` takes it:
 * checked field by field, hex quantities, from the connected account only.
 * @module
 */
import type { SwapTransaction } from '@keyframe/protocol/chain-api/swaps'
import * as z from 'zod/mini'

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))
const decimal = z.string().check(z.regex(/^\d{1,78}$/, 'Expected a decimal integer'))
const built = z.object({
  from: address,
  to: address,
  data: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Expected calldata')),
  value: decimal,
  eip155: z.object({ gas: decimal, gasPrice: decimal }),
})

/** The `eth_sendTransaction` parameter. The wallet picks the fee price itself. */
export type WalletTransaction = {
  from: `0x${string}`
  to: `0x${string}`
  data: `0x${string}`
  value: `0x${string}`
  gas: `0x${string}`
}

const hex = (value: string): `0x${string}` => `0x${BigInt(value).toString(16)}`

/**
 * The wallet request for `tx`, sent from `account`.
 * @throws TypeError when a field is malformed, or the transaction is from another account.
 * @example
 * const { tx } = await buildSwap(api, { … })
 * await provider.request({ method: 'eth_sendTransaction', params: [walletTransaction(tx, account)] })
 */
export function walletTransaction(tx: SwapTransaction['tx'], account: `0x${string}`): WalletTransaction {
  const parsed = built.safeParse(tx)
  if (!parsed.success)
    throw new TypeError(
      `Keyframe: chain-api built a malformed transaction (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`,
    )
  const { from, to, data, value, eip155 } = parsed.data
  if (from.toLowerCase() !== account.toLowerCase())
    throw new TypeError(`Keyframe: chain-api built a transaction from ${from}, not the connected ${account}.`)
  return {
    from: account,
    to: to as `0x${string}`,
    data: data as `0x${string}`,
    value: hex(value),
    gas: hex(eip155.gas),
  }
}

/** The gas limit of a built transaction, in units. */
export function gasOf(tx: SwapTransaction['tx']): bigint {
  return BigInt(decimal.parse(tx.eip155.gas))
}
