import * as z from 'zod/mini'
import { ACCOUNT_TYPES, CHAIN_NAMESPACES, SOCIAL_PROVIDERS, SOCIALS, THEME_MODES } from '../constants.ts'

/** 0x-prefixed hex string (any length, including 0x alone). */
export const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'Expected a 0x-prefixed hex string'))
/** 20-byte EVM address, any case. */
export const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))
/** Any account address (EVM hex or base58 Solana etc.): non-empty, no colon. */
export const accountAddress = z.string().check(z.regex(/^[^:\s]{1,128}$/, 'Invalid address'))
/** CAIP-2 chain id, e.g. `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const caip2 = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Invalid CAIP-2 network id'))
/** A chain id as a CAIP-2 string or a positive EVM chain id number. */
export const chainIdInput = z.union([caip2, z.int().check(z.positive())])
/** Chain namespaces of spec §9. */
export const chainNamespace = z.enum(CHAIN_NAMESPACES)
/** E-mail address (spec §5: 'Invalid email'). */
export const email = z.email('Invalid email').check(z.maxLength(254))
/** A 6-digit one-time code. */
export const otp = z.string().check(z.regex(/^\d{6}$/, 'Expected a 6-digit code'))
/** Account type (spec §5). */
export const accountType = z.enum(ACCOUNT_TYPES)
/** Theme mode (spec §5). */
export const themeMode = z.enum(THEME_MODES)
/** Social providers (spec §5). */
export const socialProvider = z.enum(SOCIAL_PROVIDERS)
/** http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'Invalid url' })
/** A request id: crypto.randomUUID(). */
export const requestId = z.uuid('Invalid request id')
/** An empty params object (request types without params). */
export const noParams = z.strictObject({})
/** An empty result. */
export const noResult = z.null()

/** The user as the frame reports it (spec §3 'Results: user'). */
export const user = z.object({
  email: z.optional(z.nullable(email)),
  address: accountAddress,
  chainId: chainIdInput,
  accounts: z.optional(z.array(z.object({ address: accountAddress, type: accountType }))),
  smartAccountDeployed: z.optional(z.boolean()),
  preferredAccountType: z.optional(accountType),
  userName: z.optional(z.nullable(z.string())),
  /** The social provider (or Farcaster) of the session's login; null or absent for e-mail. */
  socialProvider: z.optional(z.nullable(z.enum(SOCIALS))),
})
export type User = z.output<typeof user>
