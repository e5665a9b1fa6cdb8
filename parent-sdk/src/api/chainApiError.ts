/**
 * The one error of the chain API clients: the server's `{ code, message }` when it sent one, else the
 * spec's 'HTTP status code: {status}' (SPEC §8), plus the two ways an answer never arrives usable.
 * @module
 */

/** Codes the client gives itself; every other code is the server's own (`invalid_key`, `rate_limited` …). */
export type ChainApiClientCode = 'http_error' | 'invalid_response' | 'network_error'

/** A chain API call failed. `status` is the HTTP status, or 0 when no answer arrived. */
export class ChainApiError extends Error {
  override name = 'ChainApiError'
  /** The HTTP status of the answer; 0 when the request never got one (network down, CORS refusal). */
  readonly status: number
  /** The server's error code (`invalid_params`, `invalid_key`, `origin_not_allowed` …) or a client code. */
  readonly code: ChainApiClientCode | (string & {})
  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.status = status
    this.code = code
  }
}
