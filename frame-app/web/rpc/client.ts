/**
 * A viem client for one configured chain, over the frame's own JSON-RPC calls (`jsonRpc.ts`), so viem's
 * actions (nonce, gas, fee estimates, contract reads, sending) run against the chain's node with the
 * request's abort signal and no retries. Node errors come back as they were (`viaNode`).
 * @module
 */
import { ProtocolError } from '@keyframe/protocol/core'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import { BaseError, createClient, custom, defineChain } from 'viem'
import { jsonRpc } from './jsonRpc.ts'

/** A viem client on `chain`'s node; every call it makes is aborted with `signal`. */
export function chainClient(chain: FrameChain, signal?: AbortSignal) {
  return createClient({
    chain: defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    // The dApp decides whether to retry: the frame makes each call once.
    transport: custom(
      { request: ({ method, params }) => jsonRpc(chain.rpcUrl, method, params, signal) },
      { retryCount: 0 },
    ),
  })
}

export type ChainClient = ReturnType<typeof chainClient>

/**
 * Runs a viem action and, when it fails because of the node, throws the node's own error (code, message,
 * data) rather than viem's wrapper of it.
 */
export async function viaNode<T>(action: Promise<T>): Promise<T> {
  try {
    return await action
  } catch (error) {
    if (error instanceof BaseError) {
      const cause = error.walk((inner) => inner instanceof ProtocolError)
      if (cause) throw cause
    }
    throw error
  }
}
