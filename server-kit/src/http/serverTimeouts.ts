/**
 * Node's HTTP server options for both servers (`serverOptions` of @hono/node-server's `serve`): a request's
 * headers and body must have arrived 5 s after it began, or Node answers 408 and closes the connection. Node's
 * defaults (60 s for headers, 300 s for a request, checked every 30 s) let a client that never sends its body
 * hold a connection for minutes; the largest legitimate body (64 KB) arrives well within 5 s.
 * @module
 */
import type { ServerOptions } from 'node:http'

export const SERVER_TIMEOUTS = {
  headersTimeout: 5_000,
  requestTimeout: 5_000,
  /** How often Node looks for connections past those limits (its default, 30 s, would stretch them). */
  connectionsCheckingInterval: 500,
} as const satisfies ServerOptions
