/**
 * The server-wide Sign In With Farcaster settings: the auth relay, and the chain whose IdRegistry names each
 * fid's custody address (Optimism in production; the dev chains carry one at the same address).
 * @module
 */
import * as z from 'zod/mini'

export const farcasterConfigSchema = z.strictObject({
  /** Farcaster's auth relay (`https://relay.farcaster.xyz`), or devstack's stand-in. */
  relayUrl: z.url({ protocol: /^https?$/ }),
  /** JSON-RPC of the chain the IdRegistry is on. */
  rpcUrl: z.url({ protocol: /^https?$/ }),
  /** The IdRegistry's address (`0x00000000Fc6c5F01Fc30151999387Bb99A9f489b` on Optimism). */
  idRegistry: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address')),
})
export type FarcasterConfig = { relayUrl: string; rpcUrl: string; idRegistry: `0x${string}` }

/**
 * Checks the settings.
 * @throws TypeError naming the field that is wrong.
 */
export function parseFarcasterConfig(input: unknown): FarcasterConfig {
  const parsed = farcasterConfigSchema.safeParse(input)
  if (!parsed.success) throw new TypeError(`Invalid farcaster config: ${z.prettifyError(parsed.error)}`)
  return { ...parsed.data, idRegistry: parsed.data.idRegistry as `0x${string}` }
}
