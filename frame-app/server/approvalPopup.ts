/**
 * `GET /approve`: the approval popup's document (`web/popup/`), for engines that cannot prove that the
 * frame is visible inside the dApp's page (SECURITY.md §3). The frame opens it as a top-level window and
 * gives it the request; it holds nothing and calls nothing, and it may never be framed.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fail } from '@keyframe/server-kit'
import type { Context } from 'hono'
import { PERMISSIONS_POLICY } from './headers.ts'

/** Scripts of its own origin only, no connection anywhere, never inside a frame. */
export const APPROVAL_POPUP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

export const APPROVAL_POPUP_HEADERS: Record<string, string> = {
  'Content-Security-Policy': APPROVAL_POPUP_CSP,
  // `unsafe-none`, said out loud: any other policy cuts the popup off from its opener (the frame, inside
  // another site's page) and `window.opener` would be null, with no way to get the request.
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cache-Control': 'no-store',
}

/** Serves `approve.html` from the built web app in `webRoot`. */
export function approvalPopupPage(webRoot: string) {
  return async (c: Context) => {
    let html: string
    try {
      html = await readFile(join(webRoot, 'approve.html'), 'utf8')
    } catch {
      fail(503, 'not_built', 'The frame app is not built')
    }
    return c.html(html, 200, APPROVAL_POPUP_HEADERS)
  }
}
