/**
 * `@keyframe/sdk/siwx/server`: a dApp backend's half of sign-in with the wallet. It issues nonces, verifies
 * the signed EIP-4361 message against the request's origin (EOA, ERC-1271 and ERC-6492 accounts through
 * viem), and keeps the session in a signed cookie. No browser code: it runs in Node, Deno, Bun and workers.
 * @example
 * import { createSiwxVerifier, sessionCookie } from '@keyframe/sdk/siwx/server'
 * const verifier = createSiwxVerifier({
 *   getClient: (chainId) => clients.get(chainId),
 *   origins: ['https://app.example.com'],
 * })
 * const cookie = sessionCookie({ secret: process.env.COOKIE_SECRET! })
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is a package entry (package.json "exports": "./siwx/server")

export type { RecapCapabilities } from '@keyframe/protocol/recap'
export {
  createSiwxVerifier,
  type SiwxVerified,
  type SiwxVerifier,
  type SiwxVerifierOptions,
} from '../siwx/server/createSiwxVerifier.ts'
export {
  createMemoryNonceStore,
  type MemoryNonceStoreOptions,
  type NonceStore,
} from '../siwx/server/nonceStore.ts'
export {
  type SessionCookie,
  type SessionCookieOptions,
  type SiwxCookieSession,
  sessionCookie,
} from '../siwx/server/sessionCookie.ts'
export { SiwxVerifyError, type SiwxVerifyReason } from '../siwx/server/siwxVerifyError.ts'
export type { SiwxMessageData } from '../siwx/types.ts'
