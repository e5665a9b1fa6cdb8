/**
 * Whether the person browses on a touch screen without a mouse (a phone, a tablet): there the wallet app is on
 * the same device, so choosing a wallet opens its app with a deep link instead of showing a QR code to scan.
 * A laptop with a touch screen has a fine primary pointer that hovers, and keeps the QR code.
 * @module
 */

/** True on a touch-first viewport: the primary pointer is coarse, or it cannot hover. False outside a browser. */
export function isTouchViewport(): boolean {
  if (typeof matchMedia !== 'function') return false
  return matchMedia('(pointer: coarse)').matches || matchMedia('(hover: none)').matches
}
