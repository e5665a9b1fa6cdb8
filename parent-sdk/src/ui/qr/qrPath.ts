/**
 * A QR code as one SVG path: uqr encodes, and each run of dark modules in a row becomes one rectangle, so the
 * code is a single small element that scales without blur. The quiet zone (4 modules, ISO/IEC 18004) is part
 * of the matrix, so the light background around the code is always wide enough for a phone to find it.
 * @module
 */
import { encode } from 'uqr'

/** Light modules around the code, the width the QR standard asks for. */
export const QUIET_ZONE = 4

export type QrPath = {
  /** Modules per side, quiet zone included (the SVG's viewBox is `0 0 size size`). */
  size: number
  /** The dark modules: `M x y h run v 1 h -run z` per run of a row. */
  d: string
}

/**
 * The path of `text`'s QR code, error correction M (15 %: survives glare and a scuffed screen).
 * @example
 * const { size, d } = qrPath('0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f')
 * // <svg viewBox={`0 0 ${size} ${size}`}><path d={d} /></svg>
 */
export function qrPath(text: string): QrPath {
  const { size, data } = encode(text, { ecc: 'M', border: QUIET_ZONE })
  const parts: string[] = []
  data.forEach((row, y) => {
    let x = 0
    while (x < size) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (x < size && row[x]) x++
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`)
    }
  })
  return { size, d: parts.join('') }
}
