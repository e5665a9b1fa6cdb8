/**
 * The chains a frame server serves, as its document's config carries them: the server checks its `chains`
 * option / `CHAINS` with these schemas and the frame's boot code checks the config it was served with.
 * @module
 */
import * as z from 'zod/mini'
import { APPROVAL_TIMEOUT_MS } from '../constants.ts'

/** One EVM chain the frame may use. */
export type FrameChain = {
  /** EIP-155 chain id, e.g. 31337. */
  id: number
  /** Shown in the approval screen, e.g. "Keyframe Local". */
  name: string
  /** JSON-RPC endpoint the frame calls from the browser (its origin is added to the CSP). */
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl?: string | undefined
}

/** An http(s) URL without credentials: the frame document is public, and so is every URL in it. */
const publicUrl = z.string('Expected an http(s) URL without credentials').check(
  z.refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    } catch {
      return false
    }
  }, 'Expected an http(s) URL without credentials'),
)

/** A string of `min` to `max` characters. */
const text = (min: number, max: number) => {
  const message = `Expected ${min} to ${max} characters`
  return z.string(message).check(z.minLength(min, message), z.maxLength(max, message))
}

/** A whole number in [min, max]. */
const whole = (min: number, max: number, message: string) =>
  z.int(message).check(z.gte(min, message), z.lte(max, message))

export const frameChainSchema = z.strictObject(
  {
    id: whole(1, Number.MAX_SAFE_INTEGER, 'Expected a positive whole chain id'),
    name: text(1, 64),
    rpcUrl: publicUrl,
    nativeCurrency: z.strictObject(
      {
        name: text(1, 64),
        symbol: text(1, 16),
        decimals: whole(0, 36, 'Expected a whole number from 0 to 36'),
      },
      'Expected { name, symbol, decimals } and nothing else',
    ),
    blockExplorerUrl: z.optional(publicUrl),
  },
  'Expected { id, name, rpcUrl, nativeCurrency, blockExplorerUrl? } and nothing else',
)

export const frameChainsSchema = z.array(frameChainSchema, 'Expected an array of chains').check(
  z.maxLength(100, 'Expected at most 100 chains'),
  z.refine((chains) => new Set(chains.map((c) => c.id)).size === chains.length, 'Chain ids must be unique'),
)

/**
 * How long a person has to decide on an approval: at most {@link APPROVAL_TIMEOUT_MS}, because the parent
 * stops waiting for an unsafe request 15 s after that.
 */
export const approvalTimeoutSchema = whole(
  1,
  APPROVAL_TIMEOUT_MS,
  'Expected a whole number of ms up to 5 minutes',
)
