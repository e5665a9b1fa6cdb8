/**
 * The operator's policy for `wallet_addEthereumChain` (EIP-3085): which chains a dApp may add to the frame.
 * The frame reaches a chain only through its RPC URL, and its document's CSP `connect-src` lists every origin
 * it may call, so the policy names RPC origins exactly (each goes into `connect-src`), optionally narrowed to
 * some chain ids. Default: none, so only the chains the operator configured are ever used.
 * @module
 */
import * as z from 'zod/mini'

/** An http(s) origin exactly as `new URL(x).origin` writes it: no path, no credentials. */
const origin = z.string('Expected an http(s) origin').check(
  z.refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value
    } catch {
      return false
    }
  }, 'Expected an http(s) origin such as https://rpc.example.org, without a path'),
)

const chainId = z
  .int('Expected a positive whole chain id')
  .check(
    z.gte(1, 'Expected a positive whole chain id'),
    z.lte(Number.MAX_SAFE_INTEGER, 'Expected a positive whole chain id'),
  )

/** One rule: a chain whose RPC URL is on `rpcOrigin` may be added; only the `chainIds` listed, when given. */
export const addableChainSchema = z.strictObject(
  { rpcOrigin: origin, chainIds: z.optional(z.array(chainId).check(z.minLength(1), z.maxLength(100))) },
  'Expected { rpcOrigin, chainIds? } and nothing else',
)

export const addableChainsSchema = z
  .array(addableChainSchema, 'Expected an array of rules')
  .check(z.maxLength(100, 'Expected at most 100 rules'))

export type AddableChain = z.output<typeof addableChainSchema>

/**
 * The first of `rpcUrls` the policy lets a dApp add chain `chainId` on, or undefined (none may be used).
 * Only http(s) URLs without credentials count.
 */
export function allowedRpcUrl(
  policy: readonly AddableChain[],
  chainId: number,
  rpcUrls: readonly string[],
): string | undefined {
  return rpcUrls.find((rpcUrl) => {
    let url: URL
    try {
      url = new URL(rpcUrl)
    } catch {
      return false
    }
    if (url.username || url.password || !/^https?:$/.test(url.protocol)) return false
    return policy.some(
      (rule) =>
        rule.rpcOrigin === url.origin && (rule.chainIds === undefined || rule.chainIds.includes(chainId)),
    )
  })
}
