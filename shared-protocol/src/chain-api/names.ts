/**
 * Names and identity (spec §7 `/v1/profile/*`, `/v1/identity/{address}`): a name registry where an EVM account
 * registers `label + suffix` (e.g. `alice.keyframe.id`) by signing a registration message, looks names up both
 * ways, and gets suggestions. Names are EVM only (spec §5); the suffix is the server's (`NAME_SUFFIX`).
 * @module
 */
import * as z from 'zod/mini'
import { ACCOUNT_NAME_ERROR, isValidAccountName } from '../rules/accountName.ts'
import { address, endpoint } from './endpoint.ts'

/** Longest label: one DNS label. */
export const NAME_LABEL_MAX_LENGTH = 63
/** How far a registration message's `timestamp` may be from the server's clock. */
export const NAME_MESSAGE_MAX_AGE_MS = 10 * 60_000
/** At most this many attributes per name. */
export const NAME_ATTRIBUTES_MAX = 16

/** A name as it appears in a path or a message: a label (`alice`) or a full name (`alice.keyframe.id`). */
const nameText = z.string().check(z.minLength(1, 'Required'), z.maxLength(255))
/** An ISO-8601 instant. */
const instant = z.iso.datetime()

/**
 * What a name carries besides its addresses: short texts by key (`avatar`, `bio`, …). `avatar` is an http(s) URL
 * (identity shows it as an image).
 */
export const nameAttributes = z
  .record(
    z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9_.-]{0,31}$/, 'Invalid attribute name')),
    z.string().check(z.maxLength(1024)),
  )
  .check(
    z.refine((a) => Object.keys(a).length <= NAME_ATTRIBUTES_MAX, {
      message: `At most ${NAME_ATTRIBUTES_MAX} attributes`,
    }),
    z.refine((a) => a.avatar === undefined || /^https?:\/\/[^\s]+$/.test(a.avatar), {
      message: 'Expected an http(s) URL',
      path: ['avatar'],
    }),
  )
export type NameAttributes = z.infer<typeof nameAttributes>

/**
 * The registration message, signed (EIP-191 `personal_sign`) by the registering address and sent as JSON text in
 * `message`. `name` is the label or the full name; `timestamp` is in seconds and must be within 10 minutes of the
 * server's clock. A message older than the last one accepted for the name is refused, so an old message cannot
 * roll the attributes back.
 */
export const nameRegistrationMessage = z.object({
  name: nameText.check(
    z.refine((name) => isValidAccountName(name.split('.')[0] ?? ''), ACCOUNT_NAME_ERROR),
    z.refine((name) => (name.split('.')[0] ?? '').length <= NAME_LABEL_MAX_LENGTH, {
      message: `Name must be at most ${NAME_LABEL_MAX_LENGTH} characters`,
    }),
  ),
  attributes: z.optional(nameAttributes),
  timestamp: z.int().check(z.nonnegative()),
})
export type NameRegistrationMessage = z.input<typeof nameRegistrationMessage>

/**
 * The text to sign for a registration: the JSON of `{ name, attributes, timestamp }` (spec §3).
 * @example
 * import { nameRegistrationText } from '@keyframe/protocol/chain-api/names'
 * const message = nameRegistrationText({ name: 'alice.keyframe.id', timestamp: Math.floor(Date.now() / 1000) })
 * const signature = await account.signMessage({ message })
 */
export function nameRegistrationText(message: NameRegistrationMessage): string {
  const { name, attributes = {}, timestamp } = message
  return JSON.stringify({ name, attributes, timestamp })
}

/** A registered name. `addresses` is keyed by ENSIP-11 coin type (chain id | 0x80000000, as a decimal string). */
export const nameAccount = z.object({
  /** The full name, lowercase (`alice.keyframe.id`). */
  name: z.string(),
  registered: instant,
  updated: instant,
  addresses: z.record(z.string(), z.object({ address, created: instant })),
  attributes: z.record(z.string(), z.string()),
})
export type NameAccount = z.infer<typeof nameAccount>

/** A 65-byte ECDSA signature, or a longer smart-account one (ERC-1271 / ERC-6492). */
const signature = z
  .string()
  .check(
    z.regex(/^0x[0-9a-fA-F]*$/, 'Invalid signature'),
    z.minLength(132, 'Invalid signature'),
    z.maxLength(16_386, 'Invalid signature'),
  )

export const registerNameBody = z.object({
  /** ENSIP-11 coin type of a configured EVM chain: chain id | 0x80000000. */
  coin_type: z.int().check(z.nonnegative()),
  address,
  /** {@link nameRegistrationText} of the registration. */
  message: z.string().check(z.minLength(1, 'Required'), z.maxLength(8192)),
  signature,
})
export type RegisterNameBody = z.input<typeof registerNameBody>

export const registerName = endpoint({
  method: 'post',
  path: '/v1/profile/account',
  summary:
    'Registers (or updates) a name for the address that signed the registration message. 400 for a bad message, ' +
    "coin type ('Invalid chainId') or an unsupported chain, 401 for a bad signature, 409 when another address " +
    'holds the name or a newer message was accepted. Answers the account.',
  auth: 'project',
  body: registerNameBody,
  response: nameAccount,
  errors: [401, 409],
})

const apiVersion = z.optional(z.string().check(z.regex(/^\d{1,3}$/, 'Invalid apiVersion')))

export const lookupName = endpoint({
  method: 'get',
  path: '/v1/profile/account/{name}',
  summary:
    'A registered name (full name, or a label of this server’s suffix); 404 when it is not registered.',
  auth: 'project',
  params: z.object({ name: nameText }),
  query: z.object({ apiVersion }),
  response: nameAccount,
  errors: [404],
})

export const reverseLookup = endpoint({
  method: 'get',
  path: '/v1/profile/reverse/{address}',
  summary: 'The names holding an address (any coin type), most recently updated first; `[]` when none.',
  auth: 'project',
  params: z.object({ address }),
  query: z.object({ sender: z.optional(address), apiVersion }),
  response: z.array(nameAccount),
})

export const nameSuggestion = z.object({ name: z.string(), registered: z.boolean() })

export const getNameSuggestions = endpoint({
  method: 'get',
  path: '/v1/profile/suggestions/{name}',
  summary:
    'Names to register: the asked name first (with `registered`), then up to 5 free variants. `zone` (the suffix ' +
    'without its leading dot) other than this server’s gives `{ suggestions: [] }`.',
  auth: 'project',
  params: z.object({ name: nameText }),
  query: z.object({ zone: z.optional(z.string().check(z.maxLength(255))) }),
  response: z.object({ suggestions: z.array(nameSuggestion) }),
})

export const identity = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })
export type Identity = z.infer<typeof identity>

export const getIdentity = endpoint({
  method: 'get',
  path: '/v1/identity/{address}',
  summary:
    'The name of an address (its most recently updated registration) and its `avatar` attribute; nulls when none.',
  auth: 'project',
  params: z.object({ address }),
  query: z.object({ sender: z.optional(address) }),
  response: identity,
})
