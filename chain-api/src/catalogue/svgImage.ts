/**
 * Generated images: a label (a wallet's initials, a token's symbol) in white on a square whose colour comes
 * from the hash of an id, so the same id always gets the same picture and neighbours differ. No logos are
 * copied; nothing in the SVG is fetched or run.
 * @module
 */
import { createHash } from 'node:crypto'

/** Side of the square, in SVG user units (it scales: the SVG has a viewBox). */
const SIZE = 96

/**
 * Up to two initials of a name: the first letters of its first two words (`Trust Wallet` → `TW`), or its
 * capitals when it is one word (`MetaMask` → `MM`), else its first letter (`Rabby` → `R`).
 */
export function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '')
  if (words.length === 0) return '?'
  if (words.length >= 2) return (words[0]!.charAt(0) + words[1]!.charAt(0)).toUpperCase()
  const word = words[0]!
  const capitals = word.match(/\p{Lu}/gu) ?? []
  if (capitals.length >= 2 && word.charAt(0) === capitals[0]) return capitals.slice(0, 2).join('')
  return word.charAt(0).toUpperCase()
}

/** The label of an asset, currency or token image: a short symbol as it is (`ETH`, `kUSD`), else initials. */
export function symbolLabel(id: string): string {
  return /^[A-Za-z0-9]{1,5}$/.test(id) ? id : initials(id)
}

/** The background colour of an id: a hue from its SHA-256, saturation and lightness fixed for white text. */
export function colourOf(id: string): string {
  const digest = createHash('sha256').update(id).digest()
  const hue = digest.readUInt16BE(0) % 360
  return `hsl(${hue} 55% 38%)`
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  )

/**
 * The SVG document for `label` on the colour of `id`.
 * @example
 * svgImage({ id: walletId, label: initials('MetaMask') }) // '<svg xmlns=… viewBox="0 0 96 96">…MM…</svg>'
 */
export function svgImage({ id, label }: { id: string; label: string }): string {
  // Longer labels get a smaller font so that `kUSD` fits the square as well as `M` does.
  const fontSize = [0, 44, 40, 32, 26, 21][Math.min(label.length, 5)]
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="${SIZE}" height="${SIZE}" rx="${SIZE / 4}" fill="${colourOf(id)}"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${fontSize}" font-weight="600">${escapeXml(label)}</text>` +
    '</svg>'
  )
}
