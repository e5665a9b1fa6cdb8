/**
 * JSON-RPC over HTTP to a chain's node, from the frame (the node's origin is in the frame's CSP
 * `connect-src`). The node's own errors reach the dApp with the node's code and message.
 * @module
 */
import { InternalError, ProtocolError, RequestAbortedError } from '@keyframe/protocol/core'

let lastId = 0

/**
 * Calls `method` on the node at `url`.
 * @returns The `result` of the response.
 * @throws ProtocolError with the node's code, message and data when it answers a JSON-RPC error.
 * @throws RequestAbortedError when `signal` aborts; InternalError ('Something went wrong') when the node
 *   cannot be reached, or 'HTTP status code: <status>' for a non-JSON-RPC failure.
 */
export async function jsonRpc<T = unknown>(
  url: string,
  method: string,
  params: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++lastId, method, params: params ?? [] }),
      // The node needs no cookie and learns nothing about the page.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      ...(signal && { signal }),
    })
  } catch (cause) {
    if (signal?.aborted) throw new RequestAbortedError('rpc')
    throw new InternalError('Something went wrong', { cause })
  }
  const body = (await response.json().catch(() => undefined)) as
    | { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    | undefined
  const error = body?.error
  if (error) {
    const code = typeof error.code === 'number' && Number.isInteger(error.code) ? error.code : -32603
    const message = typeof error.message === 'string' && error.message ? error.message : 'An error occurred'
    throw new ProtocolError(code, message, error.data === undefined ? {} : { data: error.data })
  }
  if (!response.ok || body === undefined || !('result' in body))
    throw new InternalError(`HTTP status code: ${response.status}`)
  return body.result as T
}
