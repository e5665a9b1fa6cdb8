/** @jsxImportSource preact */
import { useState } from 'preact/hooks'

/** Two colours from the address's own digits, so each account has its recognisable gradient. */
function gradientOf(address: string): string {
  const hex = address.replace(/^0x/i, '').padEnd(12, '0')
  const hue = (at: number) => Number.parseInt(hex.slice(at, at + 3), 16) % 360
  return `linear-gradient(135deg, hsl(${hue(0)} 70% 55%), hsl(${hue(6)} 70% 45%))`
}

/**
 * The account's picture (SPEC §3 `profileImage`): its name's avatar when it has an http(s) one that loads,
 * else a gradient drawn from the address. Decorative: the name or address beside it says who it is.
 */
export function Avatar({ address, url }: { address: string; url: string | null }) {
  const [broken, setBroken] = useState<string | null>(null)
  const image = url && /^https?:\/\//.test(url) && broken !== url ? url : null
  return image ? (
    <img
      className="kf-avatar"
      src={image}
      alt=""
      referrerPolicy="no-referrer"
      onError={() => setBroken(image)}
    />
  ) : (
    <span className="kf-avatar" aria-hidden="true" style={{ background: gradientOf(address) }} />
  )
}
