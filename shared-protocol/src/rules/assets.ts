/**
 * Checking wallet-reported assets and dropping low-quality tokens (SPEC §5).
 * @module
 */

/** An asset as a wallet reports it (`wallet_getAssets`, ERC-7811; SPEC §3). */
export type WalletAsset = {
  address: string
  /** Hex string. */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string }
}

/** A `wallet_getAssets` result: assets keyed by hex chain id. */
export type WalletGetAssetsResult = Record<string, WalletAsset[]>

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

/**
 * Whether `x` is a well-formed asset: string address and balance, type ERC20 or NATIVE, and metadata with string
 * name, symbol and iconUrl and numeric decimals and price.
 * @example
 * import { isValidAsset } from '@keyframe/protocol'
 * isValidAsset({ address: 'native', balance: '0x0', type: 'NATIVE', metadata: {} }) // false
 */
export function isValidAsset(x: unknown): x is WalletAsset {
  if (!isRecord(x) || !isRecord(x.metadata)) return false
  const { metadata } = x
  return (
    typeof x.address === 'string' &&
    typeof x.balance === 'string' &&
    (x.type === 'ERC20' || x.type === 'NATIVE') &&
    typeof metadata.name === 'string' &&
    typeof metadata.symbol === 'string' &&
    typeof metadata.iconUrl === 'string' &&
    Number.isFinite(metadata.decimals) &&
    Number.isFinite(metadata.price)
  )
}

/**
 * Whether `assets` is a list in which every asset is valid (see {@link isValidAsset}). An empty list is valid.
 * @example
 * import { isValidAssetList } from '@keyframe/protocol'
 * isValidAssetList([]) // true
 */
export function isValidAssetList(assets: unknown): assets is WalletAsset[] {
  return Array.isArray(assets) && assets.every(isValidAsset)
}

/**
 * Whether a `wallet_getAssets` response is valid: an object whose every value is a valid asset list (SPEC §5).
 * @example
 * import { isValidAssetResponse } from '@keyframe/protocol'
 * isValidAssetResponse({ '0x1': [] }) // true
 */
export function isValidAssetResponse(assets: unknown): assets is WalletGetAssetsResult {
  return isRecord(assets) && Object.values(assets).every(isValidAssetList)
}

/**
 * Drops tokens with zero decimals, which the spec treats as low quality (SPEC §5).
 * @example
 * import { dropLowQualityTokens } from '@keyframe/protocol'
 * dropLowQualityTokens([{ quantity: { decimals: '0', numeric: '5' } }]) // []
 */
export function dropLowQualityTokens<T extends { quantity: { decimals: string | number } }>(
  tokens: readonly T[],
): T[] {
  return tokens.filter((token) => Number(token.quantity.decimals) !== 0)
}
