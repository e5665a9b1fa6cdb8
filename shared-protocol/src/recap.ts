/**
 * ERC-5573 ReCaps: capabilities a sign-in grants, carried as the message's last resource
 * (`urn:recap:<unpadded base64url of { att, prf }>`) and restated in words at the end of its statement. Pure
 * functions, no browser API: the SDK builds ReCaps, its backend verifier and the frame's sign-in screen read
 * them back, one reading for all three (`@keyframe/protocol/recap`).
 * @see https://eips.ethereum.org/EIPS/eip-5573
 * @module
 */
/**
 * What a ReCap grants: for each target URI, each ability (`namespace/name`) with its restrictions (`[{}]`: no
 * restriction).
 */
export type RecapCapabilities = {
  readonly [target: string]: { readonly [ability: string]: readonly Record<string, unknown>[] }
}

/** A ReCap's fields: its capabilities (`att`) and the CIDs of parent capabilities (`prf`). */
export type Recap = { readonly att: RecapCapabilities; readonly prf: readonly string[] }

/**
 * A ReCap or a message's ReCap part that breaks ERC-5573 (the message is not a valid sign-in).
 * @example
 * import { RecapError, readRecap } from '@keyframe/sdk/siwx'
 * try { readRecap(fields) } catch (error) { if (error instanceof RecapError) return refuse(error.message) }
 */
export class RecapError extends Error {
  override readonly name = 'RecapError'
}

export const RECAP_PREFIX = 'urn:recap:'
const PREAMBLE = 'I further authorize the stated URI to perform the following actions on my behalf:'

// ERC-5573 "Ability Strings" and its schema's target key pattern; at least one of each (minProperties 1).
const ABILITY = /^[a-zA-Z0-9.*_+-]+\/[a-zA-Z0-9.*_+-]+$/
const TARGET = /^.+:.*$/
/**
 * The `urn:recap:` URI for `capabilities`, keys in ERC-5573's order (sorted at every level).
 * @example
 * import { encodeRecap } from '@keyframe/sdk/siwx'
 * encodeRecap({ 'https://api.example.com': { 'crud/read': [{}] } }) // 'urn:recap:eyJhdHQiOnsi…'
 */
export function encodeRecap(capabilities: RecapCapabilities, proofs: readonly string[] = []): string {
  return written(capabilities, proofs).uri
}

// The URI and the capabilities it carries, as parseRecap reads them back (checked, keys sorted): withRecap words
// those without loading the readers.
function written(capabilities: RecapCapabilities, proofs: readonly string[] = []) {
  const recap = checked({ att: capabilities, prf: [...proofs] })
  const att = sortedKeys(recap.att) as RecapCapabilities
  const json = JSON.stringify({ att, prf: recap.prf })
  return { att, uri: RECAP_PREFIX + toBase64Url(new TextEncoder().encode(json)) }
}

/**
 * The ReCap in a `urn:recap:` URI.
 * @throws {RecapError} when it is not one, or not ERC-5573's JSON.
 * @example
 * import { parseRecap } from '@keyframe/sdk/siwx'
 * parseRecap('urn:recap:eyJhdHQiOnsi…').att // { 'https://api.example.com': { 'crud/read': [{}] } }
 */
export function parseRecap(uri: string): Recap {
  if (!uri.startsWith(RECAP_PREFIX)) throw new RecapError(`"${uri}" is not a urn:recap: URI`)
  const bytes = fromBase64Url(uri.slice(RECAP_PREFIX.length))
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (cause) {
    throw new RecapError('The ReCap is not base64url JSON', { cause })
  }
  return checked(json)
}

/**
 * ERC-5573's sentence for `capabilities` ("I further authorize the stated URI to perform the following actions
 * on my behalf: (1) 'crud': 'read' for 'https://api.example.com'."): what a wallet shows, what the statement
 * ends with.
 * @example
 * import { recapStatement } from '@keyframe/sdk/siwx'
 * recapStatement({ 'https://api.example.com': { 'crud/read': [{}] } })
 */
export function recapStatement(capabilities: RecapCapabilities): string {
  let text = PREAMBLE
  let number = 1
  for (const [target, abilities] of Object.entries(capabilities)) {
    const byNamespace = new Map<string, string[]>()
    for (const ability of Object.keys(abilities)) {
      const slash = ability.indexOf('/')
      const namespace = ability.slice(0, slash)
      byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), ability.slice(slash + 1)])
    }
    for (const [namespace, names] of byNamespace) {
      text += ` (${number++}) '${namespace}': ${names.map((name) => `'${name}'`).join(', ')} for '${target}'.`
    }
  }
  return text
}

/**
 * A message's statement and resources with the ReCap of `capabilities` added (ERC-5573: the sentence after the
 * statement, the URI as the last resource).
 * @example
 * import { withRecap } from '@keyframe/sdk/siwx'
 * withRecap({ statement: 'Welcome.' }, { 'https://api.example.com': { 'crud/read': [{}] } })
 */
export function withRecap(
  fields: { readonly statement?: string | undefined; readonly resources?: readonly string[] | undefined },
  capabilities: RecapCapabilities,
): { statement: string; resources: string[] } {
  const resources = fields.resources ?? []
  if (resources.some((resource) => resource.startsWith(RECAP_PREFIX)))
    throw new RecapError(
      'A message carries at most one ReCap: pass `capabilities` or a urn:recap: resource, not both',
    )
  const { uri, att } = written(capabilities)
  const sentence = recapStatement(att)
  return {
    statement: fields.statement ? `${fields.statement} ${sentence}` : sentence,
    resources: [...resources, uri],
  }
}

/**
 * The ReCap a signed message carries (ERC-5573's verification: one ReCap, the last resource, and the statement
 * ending with its sentence), or `undefined` when it carries none.
 * @throws {RecapError} when its ReCap part breaks those rules.
 * @example
 * import { readRecap } from '@keyframe/sdk/siwx'
 * import { parseSiweMessage } from 'viem/siwe'
 * readRecap(parseSiweMessage(message))?.att
 */
export function readRecap(fields: {
  readonly statement?: string | undefined
  readonly resources?: readonly string[] | undefined
}): Recap | undefined {
  const resources = fields.resources ?? []
  const at = resources.findIndex((resource) => resource.startsWith(RECAP_PREFIX))
  if (at === -1) return undefined
  if (at !== resources.length - 1)
    throw new RecapError('The ReCap must be the last resource, and the only one')
  const recap = parseRecap(resources[at]!)
  if (!(fields.statement ?? '').endsWith(recapStatement(recap.att)))
    throw new RecapError('The statement does not end with what the ReCap grants')
  return recap
}

// Checked by hand, not by a zod schema: the SDK writes ReCaps in a dApp's page, where zod's core would
// more than double what a sign-in loads.
function checked(value: unknown): Recap {
  const fail = (why: string): never => {
    throw new RecapError(`The ReCap does not follow ERC-5573: ${why}`)
  }
  if (!isRecord(value)) return fail('it is not an object')
  const { att, prf } = value
  if (!isRecord(att) || Object.keys(att).length === 0) return fail('`att` must name at least one target')
  for (const [target, abilities] of Object.entries(att)) {
    if (!TARGET.test(target)) fail(`the target ${JSON.stringify(target)} is not a URI`)
    if (!isRecord(abilities) || Object.keys(abilities).length === 0)
      fail(`${target} must be granted at least one ability`)
    for (const [ability, restrictions] of Object.entries(abilities as Record<string, unknown>)) {
      if (!ABILITY.test(ability)) fail(`the ability ${JSON.stringify(ability)} is not "namespace/name"`)
      if (!Array.isArray(restrictions) || !restrictions.every(isRecord))
        fail(`the restrictions of ${ability} must be a list of objects`)
    }
  }
  if (prf !== undefined && (!Array.isArray(prf) || !prf.every((cid) => typeof cid === 'string')))
    fail('`prf` must be a list of strings')
  return { att: att as RecapCapabilities, prf: (prf as string[] | undefined) ?? [] }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// ERC-5573 orders keys lexicographically at every level of `att` (JavaScript's default sort).
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  )
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

// Padding is read, though ERC-5573 writes none: it changes no byte of the JSON, and lenient decoders (e.g.
// WalletConnect's) honour a padded ReCap, so the frame must be able to show what it grants.
function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new RecapError('The ReCap is not base64url')
  let binary: string
  try {
    binary = atob(text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/'))
  } catch (cause) {
    // A length no base64 has (4n + 1 characters): atob's DOMException, not a RecapError, would escape.
    throw new RecapError('The ReCap is not base64url', { cause })
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
