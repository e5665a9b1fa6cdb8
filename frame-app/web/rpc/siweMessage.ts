/**
 * EIP-4361 (Sign-In with Ethereum) messages inside personal_sign. A sign-in message names the site it signs
 * in to; a signature on one for another site lets whoever holds it sign in there as this person. So the
 * frame refuses, before any screen, one whose domain is not the host of its pinned parent origin (taken
 * from the message event, never from the payload: SECURITY.md §2) or whose address is not the signer, and
 * shows the others as a sign-in.
 * @module
 */
import { UnauthorizedError } from '@keyframe/protocol/core'
import { parseRecap, RECAP_PREFIX, RecapError, recapStatement } from '@keyframe/protocol/recap'
import { parseSiweMessage } from 'viem/siwe'
import type { SignInDetails } from '../approve/details.ts'
import { isEvmAddressEqual } from '../wallet/evm.ts'

/** The end of an EIP-4361 message's first line: "{scheme://}{domain} wants you to sign in with …". */
const CLAIM = ' wants you to sign in with your Ethereum account:'
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//
const ADDRESS_LINE = /^\s*(0x[0-9a-fA-F]{40})\s*$/

export type SignInCheck = {
  /** The pinned origin of the parent page (`ctx.parentOrigin`). */
  parentOrigin: string
  /** The account that would sign. */
  signer: string
  /** The frame's clock, ms (default Date.now()). */
  now?: number
}

/**
 * The sign-in that `bytes` hold, for the approval screen; undefined when they are no sign-in message (or one
 * too malformed for any verifier to accept: it is then shown as the plain message it is).
 *
 * The two checks read the first two lines of the bytes however they decode, before and apart from the
 * parser that builds the screen: a message one parser rejects may still be one another verifier accepts.
 * @param text The message as printable text (`printableText`), or null when it is not.
 * @throws UnauthorizedError (4100) 'This sign-in message is for {domain}, not for {parent host}' when its
 *   domain (or its scheme, when written) is not the parent's; 'This sign-in message is for another account'
 *   when its address is not the signer.
 */
export function readSignIn(
  bytes: Uint8Array,
  text: string | null,
  check: SignInCheck,
): SignInDetails | undefined {
  const [first = '', second = ''] = new TextDecoder().decode(bytes).split('\n', 2)
  const end = first.indexOf(CLAIM)
  if (end < 0) return undefined
  const parent = new URL(check.parentOrigin)
  const authority = first.slice(0, end)
  const scheme = SCHEME.exec(authority)
  const domain = scheme ? authority.slice(scheme[0].length) : authority
  if (domain !== parent.host) {
    throw new UnauthorizedError(`This sign-in message is for ${authority}, not for ${parent.host}`)
  }
  if (scheme && `${scheme[1]}:`.toLowerCase() !== parent.protocol) {
    throw new UnauthorizedError(`This sign-in message is for ${authority}, not for ${parent.origin}`)
  }
  const address = ADDRESS_LINE.exec(second)?.[1]
  if (address && !isEvmAddressEqual(address, check.signer)) {
    throw new UnauthorizedError('This sign-in message is for another account')
  }
  return text === null ? undefined : signInDetails(text, domain, check.now ?? Date.now())
}

/** The screen's fields of a well-formed message for `domain`; undefined when it lacks one. */
function signInDetails(text: string, domain: string, now: number): SignInDetails | undefined {
  const message = parseSiweMessage(text)
  const { uri, version, chainId, nonce, issuedAt, expirationTime, notBefore } = message
  const times = [issuedAt, expirationTime, notBefore].filter((time) => time !== undefined)
  if (message.domain !== domain || !message.address || !uri || !version || chainId === undefined) return
  if (!nonce || !issuedAt || times.some((time) => Number.isNaN(time.getTime()))) return
  const validity =
    expirationTime && expirationTime.getTime() <= now
      ? 'expired'
      : notBefore && notBefore.getTime() > now
        ? 'notYetValid'
        : 'valid'
  return {
    kind: 'signIn',
    domain,
    ...(message.statement !== undefined && { statement: message.statement }),
    uri,
    version,
    chainId,
    nonce,
    issuedAt: issuedAt.toISOString(),
    ...(expirationTime && { expirationTime: expirationTime.toISOString() }),
    ...(notBefore && { notBefore: notBefore.toISOString() }),
    ...(message.requestId !== undefined && { requestId: message.requestId }),
    resources: (message.resources ?? []).map(withRecapSentence),
    validity,
    text,
  }
}

/**
 * A resource, with ERC-5573's sentence for what it grants when it is a ReCap: the screen shows what the
 * encoded object grants, which a server honours, not only the statement's words for it (the dApp's text).
 * The sentence keeps the ReCap's order, as a verifier compares it with the statement's end. A ReCap that
 * does not decode is shown as its URI.
 */
function withRecapSentence(uri: string): { uri: string; recap?: string } {
  if (!uri.startsWith(RECAP_PREFIX)) return { uri }
  try {
    return { uri, recap: recapStatement(parseRecap(uri).att) }
  } catch (error) {
    if (error instanceof RecapError) return { uri }
    throw error
  }
}
