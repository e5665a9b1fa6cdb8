/**
 * The EIP-4361 text of a sign-in, from the fields the flow and the verifier share: written here, line by line
 * as the EIP's ABNF has it, rather than by viem's `createSiweMessage`, whose address checksum brings viem's
 * keccak and helpers (~7 kB gzip) into every sign-in. The checksum is Send's (noble's keccak). The same
 * checks and text as viem's (tested byte for byte against it). No browser API: the backend may build the
 * same text.
 * @module
 */
import { checksumAddress, isAddress } from '../core/sendChecksum.ts'
import type { SiwxMessage, SiwxMessageData } from './types.ts'

/**
 * The message to sign for `data`: its fields (dates as `toISOString()` gives them, as the text has them, the
 * address checksummed) and its EIP-4361 text as `toString()`.
 * @throws `Error` 'Invalid Sign-In with Ethereum message field "{field}".' for a field EIP-4361 refuses (a
 * nonce under 8 alphanumerics, a domain that is no RFC 3986 authority, a URI or resource that is no RFC 3986
 * URI, a statement with a line break, an address that is not 20-byte hex), and for a chain that is not eip155
 * or a date that does not parse.
 * @example
 * import { createSiwxMessage } from '@keyframe/sdk/siwx'
 * const message = createSiwxMessage({
 *   accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
 *   chainId: 'eip155:1',
 *   domain: 'app.example.com',
 *   uri: 'https://app.example.com',
 *   version: '1',
 *   nonce: 'r4nd0mN0nc3',
 *   issuedAt: new Date().toISOString(),
 * })
 * await provider.request({ method: 'personal_sign', params: [toHex(message.toString()), address] })
 */
export function createSiwxMessage(data: SiwxMessageData): SiwxMessage {
  const { domain, uri, version, nonce, statement, requestId, resources } = data
  const chainId = eip155Reference(data.chainId)
  // The checks and their order are viem's createSiweMessage's, so a dApp sees the same refusal as before.
  check('domain', DOMAIN.test(domain) || IPV4.test(domain) || LOCALHOST.test(domain))
  check('nonce', /^[a-zA-Z0-9]{8,}$/.test(nonce))
  check('uri', isUri(uri))
  check('version', version === '1')
  check('statement', !statement?.includes('\n'))
  check('address', isAddress(data.accountAddress, { strict: false }))
  check('resources', resources?.every(isUri) ?? true)

  const fields: SiwxMessageData = {
    ...data,
    accountAddress: checksumAddress(data.accountAddress),
    issuedAt: isoString(data.issuedAt, 'issuedAt'),
    ...(data.expirationTime === undefined
      ? {}
      : { expirationTime: isoString(data.expirationTime, 'expirationTime') }),
    ...(data.notBefore === undefined ? {} : { notBefore: isoString(data.notBefore, 'notBefore') }),
  }
  // EIP-4361: the header, the address, a blank line, the statement and its line when there is one, a blank
  // line; then the fields, the optional ones only when set (an empty string counts as unset, as in viem).
  const lines = [
    `${domain} wants you to sign in with your Ethereum account:`,
    fields.accountAddress,
    '',
    ...(statement ? [statement] : []),
    '',
    `URI: ${uri}`,
    `Version: ${version}`,
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${fields.issuedAt}`,
    ...(fields.expirationTime ? [`Expiration Time: ${fields.expirationTime}`] : []),
    ...(fields.notBefore ? [`Not Before: ${fields.notBefore}`] : []),
    ...(requestId ? [`Request ID: ${requestId}`] : []),
    ...(resources ? ['Resources:', ...resources.map((resource) => `- ${resource}`)] : []),
  ]
  const text = lines.join('\n')
  return { ...fields, toString: () => text }
}

/** The chain number of an eip155 CAIP-2 id (`eip155:10` → 10). */
export function eip155Reference(chainId: string): number {
  const match = /^eip155:([1-9]\d{0,15})$/.exec(chainId)
  if (!match) throw new Error(`Sign-in is for eip155 chains only, not "${chainId}"`)
  return Number(match[1])
}

// RFC 3986 authorities EIP-4361 takes as a domain (viem's three forms): a host name, IPv4 or localhost, each
// with an optional port.
const DOMAIN =
  /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+([a-zA-Z]{2,63}|[xX][nN]--[a-zA-Z0-9-]{0,58}[a-zA-Z0-9])(:[0-9]{1,5})?$/
const IPV4 =
  /^(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)(:[0-9]{1,5})?$/
const LOCALHOST = /^localhost(:[0-9]{1,5})?$/

/** Whether `value` is an RFC 3986 URI: its characters and escapes, a scheme, and a path that fits its authority. */
function isUri(value: string): boolean {
  if (/[^a-z0-9:/?#[\]@!$&'()*+,;=.\-_~%]/i.test(value) || /%(?![0-9a-f]{2})/i.test(value)) return false
  const [, scheme, authority, path = ''] = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)/.exec(value) ?? []
  return (
    scheme !== undefined && /^[a-z][a-z0-9+.-]*$/i.test(scheme) && (!!authority || !path.startsWith('//'))
  )
}

function check(field: string, valid: boolean): void {
  if (!valid) throw new Error(`Invalid Sign-In with Ethereum message field "${field}".`)
}

function isoString(value: string, field: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new Error(`The sign-in message's ${field} "${value}" is not a date`)
  return date.toISOString()
}
