/**
 * What a phone's camera reads from a QR code on screen: a screenshot of the code, decoded by jsQR. The DOM is
 * never read, so a code that draws wrong (colours, size, quiet zone) fails the test as it would fail a person.
 * @module
 */
import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

/** The text the QR code in `code` holds; fails when its screenshot does not decode. */
export async function decodeQr(code: Locator): Promise<string> {
  const png = PNG.sync.read(await code.screenshot())
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  if (!decoded) throw new Error('The QR code on screen does not decode')
  return decoded.data
}
