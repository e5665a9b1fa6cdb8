import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The `{ code, message }` body of every error response. */
export type ErrorBody = { code: string; message: string }

/**
 * Ends the request with `status` and a `{ code, message }` body.
 * @example
 * if (!project) fail(403, 'invalid_key', 'Invalid key')
 */
export function fail(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers?: Record<string, string>,
): never {
  throw new HTTPException(status, {
    res: Response.json({ code, message } satisfies ErrorBody, { status, headers }),
  })
}

/** 429 with `Retry-After` and the spec's wording (§5): 'Please try again after {n} seconds', n rounded up. */
export function failRetryAfter(code: string, retryAfterMs: number, message?: string): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  fail(429, code, message ?? `Please try again after ${seconds} seconds`, { 'Retry-After': String(seconds) })
}
