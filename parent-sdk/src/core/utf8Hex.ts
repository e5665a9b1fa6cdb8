/**
 * A message as `personal_sign` takes it (EIP-1193): its UTF-8 bytes in hex. Written here rather than taken
 * from viem, whose index would bring ~20 kB gzip into the lazy chunks that sign (sign-in, account names).
 * @example utf8Hex('hi') // '0x6869'
 */
export function utf8Hex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}
