/**
 * Reading an account's native balance (`eth_getBalance`) and JSON-RPC quantities, for Send's actions and the
 * Account view: both load on demand, so this stays out of the pre-open code (`budget.test.ts`).
 * @module
 */
import type { Eip1193Provider } from '../connectors/types.ts'

/** A JSON-RPC quantity (`0x…`) as a bigint; undefined for anything else. @internal */
export function toBigInt(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) return undefined
  return BigInt(value)
}

/** The native balance of `address` in wei (`eth_getBalance`). @internal */
export async function readNativeBalance(provider: Eip1193Provider, address: `0x${string}`): Promise<bigint> {
  const balance = toBigInt(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] }))
  if (balance === undefined) throw new TypeError('eth_getBalance returned no quantity')
  return balance
}
