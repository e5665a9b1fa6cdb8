/**
 * The EIP-4361 text of a sign-in, written by viem's `createSiweMessage` from the fields the flow and the
 * verifier share. No browser API: the backend may build the same text.
 * @module
 */
import { createSiweMessage } from 'viem/siwe'
import type { SiwxMessage, SiwxMessageData } from './types.ts'

/**
 * The message to sign for `data`: its fields (dates as `toISOString()` gives them, as the text has them) and
 * its EIP-4361 text as `toString()`.
 * @throws viem's `SiweInvalidMessageFieldError` for a field EIP-4361 refuses (a nonce under 8 alphanumerics,
 * a domain that is no RFC 3986 authority, a statement with a line break), and `Error` for a chain that is not
 * eip155.
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
  const fields: SiwxMessageData = {
    ...data,
    issuedAt: isoString(data.issuedAt, 'issuedAt'),
    ...(data.expirationTime === undefined
      ? {}
      : { expirationTime: isoString(data.expirationTime, 'expirationTime') }),
    ...(data.notBefore === undefined ? {} : { notBefore: isoString(data.notBefore, 'notBefore') }),
  }
  const text = createSiweMessage({
    address: data.accountAddress as `0x${string}`,
    chainId: eip155Reference(data.chainId),
    domain: fields.domain,
    uri: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    issuedAt: new Date(fields.issuedAt),
    expirationTime: fields.expirationTime === undefined ? undefined : new Date(fields.expirationTime),
    notBefore: fields.notBefore === undefined ? undefined : new Date(fields.notBefore),
    requestId: fields.requestId,
    resources: fields.resources === undefined ? undefined : [...fields.resources],
    statement: fields.statement,
  })
  // The text names the address checksummed (its second line): so do the fields, so the two never disagree.
  const accountAddress = text.split('\n', 2)[1] ?? data.accountAddress
  return { ...fields, accountAddress, toString: () => text }
}

/** The chain number of an eip155 CAIP-2 id (`eip155:10` → 10). */
export function eip155Reference(chainId: string): number {
  const match = /^eip155:([1-9]\d{0,15})$/.exec(chainId)
  if (!match) throw new Error(`Sign-in is for eip155 chains only, not "${chainId}"`)
  return Number(match[1])
}

function isoString(value: string, field: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new Error(`The sign-in message's ${field} "${value}" is not a date`)
  return date.toISOString()
}
