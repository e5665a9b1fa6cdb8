/**
 * The tokens an account keeps (`wallet_watchAsset`, EIP-747): stored by the frame server per account, so
 * every device and every dApp of the account sees them. Adding one is `device`: only the person's own
 * device, after the person approved it in the frame, adds to the list.
 * @module
 */
import * as z from 'zod/mini'
import { address } from './fields.ts'
import { frameRoute } from './route.ts'

/** At most this many tokens per account: the list is shown whole in the wallet views. */
export const MAX_WATCHED_TOKENS = 200

/** One kept token. Symbol and decimals are what the person approved (read from the chain where it answered). */
export const watchedToken = z.strictObject({
  /** EIP-155 chain id. */
  chainId: z.int().check(z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)),
  address,
  symbol: z.string().check(z.minLength(1), z.maxLength(11)),
  decimals: z.int().check(z.gte(0), z.lte(36)),
})
export type WatchedToken = z.output<typeof watchedToken>

/** The account's kept tokens, oldest first. */
export const listWatchedTokens = frameRoute({
  method: 'GET',
  path: '/api/tokens',
  auth: 'session',
  response: z.object({ tokens: z.array(watchedToken) }),
})

/** Keeps a token for the account (again: its symbol and decimals are replaced). */
export const watchToken = frameRoute({
  method: 'POST',
  path: '/api/tokens',
  auth: 'device',
  body: watchedToken,
  response: z.object({ token: watchedToken }),
})
