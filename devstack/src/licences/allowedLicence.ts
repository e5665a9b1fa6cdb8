/**
 * Which declared licences may ship with Keyframe, an MIT product that anyone may self-host: permissive
 * licences only. A copyleft licence (GPL, LGPL, AGPL, MPL, EUPL…), a custom one ("SEE LICENSE IN …", as the
 * WalletConnect Community License of @walletconnect/* 2.21.9+ and @reown/walletkit 1.2.11+ is declared, which
 * requires Reown's network), "UNLICENSED" or none at all is refused, so a person reads it before it ships.
 * @module
 */

/**
 * SPDX ids allowed. Those the production closure holds (2026-11): MIT, ISC, Apache-2.0, 0BSD (tslib), MIT-0
 * (nodemailer), BlueOak-1.0.0 (lru-cache), BSD-2-Clause (webidl-conversions); plus BSD-3-Clause, the other
 * common permissive licence. Anything else is added here on purpose, with the package that needs it.
 */
export const ALLOWED_LICENCES: ReadonlySet<string> = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'BlueOak-1.0.0',
])

/**
 * Whether an SPDX licence expression (`MIT`, `(MIT OR GPL-3.0-or-later)`, `(Apache-2.0 AND MIT)`) lets us
 * ship the package: OR needs one allowed side (we take that one), AND needs both. `WITH` exceptions, `+`,
 * `LicenseRef-…`, "SEE LICENSE IN …" and anything unparsable are not allowed.
 */
export function isAllowedLicence(expression: string | undefined, allowed = ALLOWED_LICENCES): boolean {
  if (expression === undefined) return false
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? []
  let at = 0
  // expression := term (OR term)* ; term := atom (AND atom)* ; atom := id | '(' expression ')'
  const atom = (): boolean | undefined => {
    const token = tokens[at++]
    if (token === '(') {
      const inner = orExpression()
      return tokens[at++] === ')' ? inner : undefined
    }
    if (token === undefined || /^(AND|OR|WITH|\))$/.test(token)) return undefined
    return allowed.has(token)
  }
  const andExpression = (): boolean | undefined => {
    let value = atom()
    while (value !== undefined && tokens[at] === 'AND') {
      at++
      const right = atom()
      value = right === undefined ? undefined : value && right
    }
    return value
  }
  const orExpression = (): boolean | undefined => {
    let value = andExpression()
    while (value !== undefined && tokens[at] === 'OR') {
      at++
      const right = andExpression()
      value = right === undefined ? undefined : value || right
    }
    return value
  }
  const value = orExpression()
  return value === true && at === tokens.length
}
