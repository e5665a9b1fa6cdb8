/**
 * The dApp backend's check of a signed sign-in (issue 18, owners.md part C): it issues single-use nonces and
 * verifies an EIP-4361 message against the request's origin, its validity window and its signature — EIP-191
 * for an EOA, ERC-1271 for a deployed contract account, ERC-6492 for one not deployed yet, all through
 * viem's `verifyMessage` on the chain's public client.
 * @module
 */
import type { Caip2Id } from '@keyframe/protocol/core'
import { type RecapCapabilities, RecapError, readRecap } from '@keyframe/protocol/recap'
import { getAddress, isAddress, isHex, type PublicClient } from 'viem'
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe'
import type { SiwxMessageData } from '../types.ts'
import { createMemoryNonceStore, type NonceStore } from './nonceStore.ts'
import { SiwxVerifyError } from './siwxVerifyError.ts'

export type SiwxVerifierOptions = {
  /**
   * The dApp's own origins (`https://app.example.com`); `verify` refuses any other. The origin it is given is
   * the request's `Origin` header, which any server can set: without this list a phishing site could relay a
   * signature made for its own domain, under its own Origin, and be signed in as its victim. A function when
   * the origins are known only once the server listens.
   */
  origins: readonly string[] | (() => readonly string[])
  /** The public client of an eip155 chain this server accepts sign-ins on; `undefined` refuses the chain. */
  getClient(chainId: number): PublicClient | undefined
  /** Where issued nonces wait for their one use (default: this process's memory). */
  nonces?: NonceStore
  /** How long an issued nonce stays usable (default 10 min). */
  nonceTtlMs?: number
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number
}

/** A sign-in the verifier accepted: who signed, on which chain, and every field of the message. */
export type SiwxVerified = {
  /** The signer, checksummed. */
  address: `0x${string}`
  chainId: number
  data: SiwxMessageData
  /** What its ERC-5573 ReCap grants, when it carries one (its statement ends with the same words). */
  capabilities?: RecapCapabilities
}

export type SiwxVerifier = {
  /** A fresh nonce (alphanumeric, EIP-4361), usable once within the nonce TTL. */
  issueNonce(): Promise<string>
  /**
   * Checks a signed message for the page at `origin` (the request's `Origin` header) and uses up its nonce.
   * @throws SiwxVerifyError naming the first check that failed (its `reason`); a refused message keeps its
   * nonce, so the person's genuine message still signs in.
   */
  verify(signed: { message: string; signature: string }, expected: { origin: string }): Promise<SiwxVerified>
}

/**
 * Creates the verifier a dApp backend answers `GET /nonce` and `POST /verify` with.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { mainnet } from 'viem/chains'
 * import { createSiwxVerifier } from '@keyframe/sdk/siwx/server'
 *
 * const client = createPublicClient({ chain: mainnet, transport: http() })
 * const verifier = createSiwxVerifier({
 *   getClient: (id) => (id === 1 ? client : undefined),
 *   origins: ['https://app.example.com'],
 * })
 * const nonce = await verifier.issueNonce()
 * // …the page signs a message with it…
 * const { address, chainId } = await verifier.verify({ message, signature }, { origin: request.headers.get('origin') })
 */
export function createSiwxVerifier(options: SiwxVerifierOptions): SiwxVerifier {
  const { getClient, nonceTtlMs = 10 * 60_000, now = Date.now } = options
  const origins = typeof options.origins === 'function' ? options.origins : () => options.origins
  const nonces = options.nonces ?? createMemoryNonceStore({ now })
  return {
    async issueNonce() {
      const nonce = generateSiweNonce()
      await nonces.add(nonce, now() + nonceTtlMs)
      return nonce
    },
    async verify({ message, signature }, { origin }) {
      if (!(origins() as readonly string[]).includes(origin))
        throw new SiwxVerifyError('origin', `Sign-in is not open to ${origin}`)
      const expected = new URL(origin)
      const { data, scheme, capabilities } = readMessage(message)
      if (data.domain !== expected.host || (scheme !== undefined && `${scheme}:` !== expected.protocol))
        throw new SiwxVerifyError('domain', `The message is for ${data.domain}, not for ${expected.host}`)
      if (originOf(data.uri) !== expected.origin)
        throw new SiwxVerifyError('uri', `The message's URI is not on ${expected.origin}`)
      const chainId = Number(data.chainId.slice('eip155:'.length))
      const client = getClient(chainId)
      if (!client) throw new SiwxVerifyError('chain', "The message's chain is not one this server knows")
      const time = now()
      if (data.expirationTime && Date.parse(data.expirationTime) <= time)
        throw new SiwxVerifyError('expired', 'The message has expired')
      if (data.notBefore && Date.parse(data.notBefore) > time)
        throw new SiwxVerifyError('not_yet_valid', 'The message is not valid yet')
      const address = getAddress(data.accountAddress)
      if (!isHex(signature) || !(await client.verifyMessage({ address, message, signature })))
        throw new SiwxVerifyError('signature', "The signature does not match the message's address")
      // Last: only a message that passed every other check uses its nonce up.
      if (!(await nonces.consume(data.nonce)))
        throw new SiwxVerifyError('nonce', 'The nonce is unknown or was already used')
      return { address, chainId, data, ...(capabilities && { capabilities }) }
    },
  }
}

const MALFORMED = 'The message is not a valid sign-in message'
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * The fields of an EIP-4361 message, its dates as written. viem's parser skips text it does not know, so the
 * line count must be exactly the one its fields make: nothing signed beyond what the server reads.
 */
function readMessage(message: string): {
  data: SiwxMessageData
  scheme: string | undefined
  capabilities: RecapCapabilities | undefined
} {
  const parsed = parseSiweMessage(message)
  const { address, chainId, domain, nonce, uri, version, statement, requestId, resources, scheme } = parsed
  const lines = message.split('\n')
  const issuedAt = lineValue(lines, 'Issued At: ')
  const expirationTime = lineValue(lines, 'Expiration Time: ')
  const notBefore = lineValue(lines, 'Not Before: ')
  // EIP-4361: header, address, a blank line, [statement], a blank line, then URI … Issued At and the options.
  const expectedLines =
    4 +
    (statement === undefined ? 0 : 1) +
    5 +
    (expirationTime === undefined ? 0 : 1) +
    (notBefore === undefined ? 0 : 1) +
    (requestId === undefined ? 0 : 1) +
    (resources === undefined ? 0 : 1 + resources.length)
  const wellFormed =
    address !== undefined &&
    isAddress(address) &&
    domain &&
    nonce &&
    uri &&
    originOf(uri) !== null &&
    version === '1' &&
    chainId !== undefined &&
    Number.isSafeInteger(chainId) &&
    issuedAt !== undefined &&
    [issuedAt, expirationTime, notBefore].every((date) => date === undefined || validDate(date)) &&
    lines.length === expectedLines
  if (!wellFormed) throw new SiwxVerifyError('malformed', MALFORMED)
  const data: SiwxMessageData = {
    accountAddress: address,
    chainId: `eip155:${chainId}` as Caip2Id,
    domain,
    uri,
    version,
    nonce,
    issuedAt,
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(notBefore === undefined ? {} : { notBefore }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(resources === undefined ? {} : { resources }),
    ...(statement === undefined ? {} : { statement }),
  }
  return { data, scheme, capabilities: readCapabilities(data) }
}

function readCapabilities(data: SiwxMessageData): RecapCapabilities | undefined {
  try {
    return readRecap(data)?.att
  } catch (error) {
    if (error instanceof RecapError) throw new SiwxVerifyError('malformed', MALFORMED, { cause: error })
    throw error
  }
}

function lineValue(lines: readonly string[], label: string): string | undefined {
  // The last such line: the statement (line 4) may begin with a label too.
  return lines.findLast((line) => line.startsWith(label))?.slice(label.length)
}

function validDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin
  } catch {
    return null
  }
}
