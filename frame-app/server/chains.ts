/**
 * The chains a frame server serves: the frame signs and proxies RPC only for these. Given to
 * `startFrameServer({ chains })` or, for `server/main.ts`, as the `CHAINS` environment variable (a JSON
 * array). The list goes into every frame document's config, and each RPC URL's origin into its CSP
 * `connect-src`. The schemas are the protocol's (`@keyframe/protocol/frame-api/chains`): the frame's boot code
 * validates its config with the same ones.
 * @module
 */

import { APPROVAL_TIMEOUT_MS } from '@keyframe/protocol/core'
import { type AddableChain, addableChainsSchema } from '@keyframe/protocol/frame-api/addableChains'
import {
  approvalTimeoutSchema,
  type FrameChain,
  frameChainsSchema,
} from '@keyframe/protocol/frame-api/chains'
import type * as z from 'zod/mini'

export type { AddableChain, FrameChain }

/**
 * Checks a list of chains (the `chains` option, or `CHAINS` parsed as JSON).
 * @throws TypeError naming the first problem and where it is (`chains[0].rpcUrl: Expected an http(s) URL…`).
 * @example
 * import { parseChains } from '@keyframe/frame/server'
 * parseChains([{ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }])
 */
export function parseChains(input: unknown): FrameChain[] {
  return parseOption('chains', frameChainsSchema, input)
}

/**
 * Checks the operator's `wallet_addEthereumChain` policy (the `addableChains` option, or `ADDABLE_CHAINS`
 * parsed as JSON).
 * @throws TypeError naming the first problem and where it is (`addableChains[0].rpcOrigin: Expected…`).
 * @example
 * parseAddableChains([{ rpcOrigin: 'https://rpc.example.org', chainIds: [8453] }])
 */
export function parseAddableChains(input: unknown): AddableChain[] {
  return parseOption('addableChains', addableChainsSchema, input)
}

/** `schema`'s output for `input`, or a TypeError naming the option, the first issue's path and its message. */
function parseOption<S extends z.ZodMiniType>(name: string, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = [name, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))]
  throw new TypeError(`${path.join('')}: ${issue.message}`)
}

/**
 * Checks the approval timeout option.
 * @throws RangeError when it is not a whole number of ms in (0, APPROVAL_TIMEOUT_MS].
 */
export function parseApprovalTimeout(value: unknown): number {
  const parsed = approvalTimeoutSchema.safeParse(value)
  if (!parsed.success)
    throw new RangeError(
      `approvalTimeoutMs must be a whole number of ms in (0, ${APPROVAL_TIMEOUT_MS}], got ${String(value)}`,
    )
  return parsed.data
}

/** The distinct origins of the chains' RPC URLs, for the frame document's `connect-src`. */
export function rpcOrigins(chains: readonly FrameChain[]): string[] {
  return [...new Set(chains.map((chain) => new URL(chain.rpcUrl).origin))]
}
