/**
 * Token images: chain-api serves a generated one for any symbol (the catalogue area's
 * `/public/getTokenImage/{id}`).
 * @module
 */

/** `${publicUrl}/public/getTokenImage/{symbol}`. */
export function tokenIconUrl(publicUrl: string, symbol: string): string {
  return `${publicUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
}
