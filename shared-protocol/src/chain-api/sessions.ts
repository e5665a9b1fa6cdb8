/**
 * Sessions (spec §7 `/v1/sessions/{id}`): smart-session permissions an account granted to a project — a
 * permission context id (`pci`), what it allows (ERC-7715 style `permissions` and `policies`), until when.
 * Creating and revoking are signed by the account (EIP-191 `personal_sign` over {@link sessionCreateText} /
 * {@link sessionRevokeText}); listing is open to the project. Only `eip155` accounts of configured chains.
 * @module
 */
import * as z from 'zod/mini'
import { endpoint } from './endpoint.ts'

/** How far a creation's `timestamp` may be from the server's clock. */
export const SESSION_MESSAGE_MAX_AGE_MS = 10 * 60_000
/** The latest allowed expiry, from now. */
export const SESSION_MAX_DURATION_MS = 365 * 24 * 3_600_000
/** At most this many permissions, and as many policies, per session. */
export const SESSION_ITEMS_MAX = 32

/** A CAIP-10 account id (`eip155:31337:0x…`). */
export const caip10Account = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'Invalid CAIP-10 address'))

/** One permission or policy: a type and its data (any JSON), as in ERC-7715 `wallet_grantPermissions`. */
export const sessionItem = z.strictObject({
  type: z.string().check(z.minLength(1, 'Required'), z.maxLength(64)),
  data: z.optional(z.unknown()),
})
export type SessionItem = z.infer<typeof sessionItem>

/** Seconds since the epoch. */
const seconds = z.int().check(z.nonnegative())

/** A session as listed. `expiry` is in seconds (as in ERC-7715); `createdAt` and `revokedAt` are ISO-8601. */
export const sessionPci = z.object({
  pci: z.uuid(),
  project: z.object({ id: z.string() }),
  expiry: seconds,
  createdAt: z.iso.datetime(),
  permissions: z.array(sessionItem),
  policies: z.array(sessionItem),
  revokedAt: z.nullable(z.iso.datetime()),
})
export type SessionPci = z.infer<typeof sessionPci>

/** JSON with object keys sorted at every level and no spaces, so that signer and server build the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export type SessionCreateMessage = {
  /** The CAIP-10 account (compared and written lowercase). */
  account: string
  projectId: string
  permissions: readonly SessionItem[]
  policies?: readonly SessionItem[] | undefined
  /** Seconds. */
  expiry: number
  /** Seconds; within 10 minutes of the server's clock. */
  timestamp: number
}

/**
 * The text the account signs to create a session. Each signed text creates at most one session, so a replayed
 * creation (say, after a revoke) is refused.
 * @example
 * import { sessionCreateText } from '@keyframe/protocol/chain-api/sessions'
 * const message = sessionCreateText({ account: `eip155:31337:${address}`, projectId, permissions, expiry, timestamp })
 */
export function sessionCreateText(m: SessionCreateMessage): string {
  return [
    'Create a session',
    `Account: ${m.account.toLowerCase()}`,
    `Project: ${m.projectId}`,
    `Expiry: ${m.expiry}`,
    `Issued at: ${m.timestamp}`,
    `Permissions: ${canonicalJson(m.permissions)}`,
    `Policies: ${canonicalJson(m.policies ?? [])}`,
  ].join('\n')
}

/**
 * The text the account signs to revoke a session.
 * @example
 * import { sessionRevokeText } from '@keyframe/protocol/chain-api/sessions'
 * const signature = await account.signMessage({ message: sessionRevokeText({ account, pci }) })
 */
export function sessionRevokeText(m: { account: string; pci: string }): string {
  return ['Revoke a session', `Account: ${m.account.toLowerCase()}`, `Session: ${m.pci.toLowerCase()}`].join(
    '\n',
  )
}

/** A 65-byte ECDSA signature, or a longer smart-account one (ERC-1271 / ERC-6492). */
const signature = z
  .string()
  .check(
    z.regex(/^0x[0-9a-fA-F]*$/, 'Invalid signature'),
    z.minLength(132, 'Invalid signature'),
    z.maxLength(16_386, 'Invalid signature'),
  )

const accountParams = z.object({ account: caip10Account })

export const getSessions = endpoint({
  method: 'get',
  path: '/v1/sessions/{account}',
  summary:
    'The sessions an account (CAIP-10) granted to the calling project, newest first (at most 100), revoked and ' +
    'expired ones included. An unsupported network gives `{ pcis: [] }`.',
  auth: 'project',
  params: accountParams,
  response: z.object({ pcis: z.array(sessionPci) }),
})

export const createSessionBody = z.object({
  permissions: z.array(sessionItem).check(z.minLength(1, 'Required'), z.maxLength(SESSION_ITEMS_MAX)),
  policies: z.optional(z.array(sessionItem).check(z.maxLength(SESSION_ITEMS_MAX))),
  /** Seconds; in the future, at most a year ahead. */
  expiry: seconds,
  /** Seconds; within 10 minutes of the server's clock. */
  timestamp: seconds,
  /** By the account, over {@link sessionCreateText}. */
  signature,
})
export type CreateSessionBody = z.input<typeof createSessionBody>

export const createSession = endpoint({
  method: 'post',
  path: '/v1/sessions/{account}',
  summary:
    'Creates a session of the calling project for an account, signed by the account over the session text ' +
    '(see `sessionCreateText`). 400 for bad input or an unsupported network, 401 for a bad signature, 409 for a ' +
    'text already used. Answers the session.',
  auth: 'project',
  params: accountParams,
  body: createSessionBody,
  response: sessionPci,
  errors: [401, 409],
})

export const revokeSessionBody = z.object({
  pci: z.uuid('Invalid pci'),
  /** By the account, over {@link sessionRevokeText}. */
  signature,
})
export type RevokeSessionBody = z.input<typeof revokeSessionBody>

export const revokeSession = endpoint({
  method: 'post',
  path: '/v1/sessions/{account}/revoke',
  summary:
    'Revokes a session of the calling project, signed by the account over the revoke text (see ' +
    '`sessionRevokeText`); revoking again keeps the first `revokedAt`. 401 for a bad signature, 404 for an ' +
    'unknown session. Answers the session.',
  auth: 'project',
  params: accountParams,
  body: revokeSessionBody,
  response: sessionPci,
  errors: [401, 404],
})
