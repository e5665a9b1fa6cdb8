/**
 * The params of the wallet methods dApps call to shape the wallet itself: `wallet_watchAsset` (EIP-747) and
 * `wallet_addEthereumChain` (EIP-3085), in the forms MetaMask accepts and its test dApp sends.
 * @module
 */
import * as z from 'zod/mini'
import { evmAddress } from '../schemas/common.ts'

const text = (min: number, max: number) =>
  z.string().check(z.minLength(min, `Expected ${min} to ${max} characters`), z.maxLength(max))

/** ERC20 decimals: a whole number 0–36, or the same as decimal text (MetaMask's test dApp sends a form value). */
const decimals = z.union([
  z.int().check(z.gte(0), z.lte(36, 'Expected decimals from 0 to 36')),
  z.string().check(z.regex(/^(?:[0-9]|[12][0-9]|3[0-6])$/, 'Expected decimals from 0 to 36')),
])

/** EIP-747: one ERC20 token the person is asked to keep in the wallet. */
export const watchAssetRequest = z.object({
  type: z.literal('ERC20', "Only type 'ERC20' is supported"),
  options: z.object({
    address: evmAddress,
    /** MetaMask's limit: 11 characters. */
    symbol: text(1, 11),
    decimals,
    /** Never fetched nor shown by the frame (a page-chosen image could mimic anything); accepted for EIP-747. */
    image: z.optional(z.string().check(z.maxLength(2048))),
  }),
})

/**
 * `wallet_watchAsset` params: the request object (EIP-747), or MetaMask's one-element array form, read as
 * the object (so a wrong field is named in words, not as a failed union).
 */
export const watchAssetParams = z.pipe(
  z.transform((params: unknown) => (Array.isArray(params) && params.length === 1 ? params[0] : params)),
  watchAssetRequest,
)

const urls = z.optional(z.nullable(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(8))))

/** EIP-3085: the chain a dApp asks the wallet to add. */
export const addEthereumChainRequest = z.object({
  chainId: z.string().check(z.regex(/^0x[1-9a-fA-F][0-9a-fA-F]{0,13}$/, 'Expected a hex chain id')),
  chainName: text(1, 64),
  nativeCurrency: z.object({
    name: text(1, 64),
    symbol: text(1, 16),
    decimals: z.int().check(z.gte(0), z.lte(36, 'Expected decimals from 0 to 36')),
  }),
  rpcUrls: z
    .array(z.string().check(z.maxLength(2048)))
    .check(z.minLength(1, 'Expected at least one RPC URL'), z.maxLength(8)),
  blockExplorerUrls: urls,
  iconUrls: urls,
})

/** `wallet_addEthereumChain` params: `[chain]`. */
export const addEthereumChainParams = z.tuple([addEthereumChainRequest])

export type WatchAssetRequest = z.output<typeof watchAssetRequest>
export type AddEthereumChainRequest = z.output<typeof addEthereumChainRequest>
