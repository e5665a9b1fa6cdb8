/**
 * The approval screen's part for a sign-in (an EIP-4361 message in personal_sign, `rpc/siweMessage.ts`):
 * which site, checked against the one asking, the message's fields, what a ReCap grants, and the whole text
 * behind a disclosure. All of it is the dApp's text and goes in as text.
 * @module
 */
import type { SignInDetails } from './details.ts'
import type { ScreenParts } from './walletScreen.ts'

/**
 * An instant of the message (ISO, UTC: `rpc/siweMessage.ts`) as a person reads it, to the second, in UTC;
 * the exact text is in the full message.
 * @example when('2026-11-28T14:59:00.000Z') // '2026-11-28 14:59:00 UTC'
 */
function when(iso: string): string {
  return `${iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '')} UTC`
}

export function signInTitle(details: SignInDetails): string {
  return `Sign in to ${details.domain}`
}

/** The details below the site, network and account rows. */
export function signInContent(details: SignInDetails, parts: ScreenParts): HTMLElement[] {
  const { el, row, list, code } = parts
  // The frame refused any other domain before showing this: the mark states a check that was made.
  const mark = el('span', {}, '✓')
  mark.setAttribute('aria-hidden', 'true')
  const checked = el('p', { className: 'kfa-check' }, mark, `${details.domain} matches the site asking`)
  const validity =
    details.validity === 'expired' && details.expirationTime
      ? [warning(`This message expired at ${when(details.expirationTime)}: the site will refuse it.`)]
      : details.validity === 'notYetValid' && details.notBefore
        ? [warning(`This message is valid only from ${when(details.notBefore)}.`)]
        : []
  const resources = details.resources.map(({ uri, recap }) => el('li', {}, recap ?? code(uri)))
  const full = el(
    'details',
    { className: 'kfa-full' },
    el('summary', {}, 'Full message'),
    el('pre', {}, details.text),
  )
  return [
    checked,
    ...validity,
    ...(details.statement === undefined ? [] : [el('p', { className: 'kfa-statement' }, details.statement)]),
    list(
      row('URI', code(details.uri)),
      row('Chain ID', String(details.chainId)),
      row('Nonce', code(details.nonce)),
      row('Issued', when(details.issuedAt)),
      row('Expires', details.expirationTime === undefined ? 'Never' : when(details.expirationTime)),
      ...(details.notBefore === undefined ? [] : [row('Not before', when(details.notBefore))]),
      ...(details.requestId === undefined ? [] : [row('Request ID', code(details.requestId))]),
    ),
    ...(resources.length === 0
      ? []
      : [el('h2', {}, 'Resources'), el('ul', { className: 'kfa-resources' }, ...resources)]),
    full,
  ]

  function warning(text: string): HTMLElement {
    return el('p', { className: 'kfa-note kfa-warn' }, text)
  }
}
