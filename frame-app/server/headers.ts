/**
 * Security headers of the frame server (SECURITY.md §3).
 * @module
 */

/** `'enforce'` lists the project's origins in `frame-ancestors`; `'off'` omits the directive (e2e only). */
export type FrameAncestorsMode = 'enforce' | 'off'

/** Powerful features the frame never uses are off for it and for anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-create=(self)',
  // Kept for the passkeys issue: WebAuthn in the frame itself.
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/**
 * The frame document's CSP. No inline script or style: the project config is a JSON data script and the
 * theme is applied through the CSSOM, which `style-src 'self'` allows. `connect-src` adds the exact origins
 * of the configured chains' RPC URLs (`rpcOrigins`), the only hosts besides its own the frame calls.
 */
export function frameContentSecurityPolicy(
  allowedOrigins: readonly string[],
  mode: FrameAncestorsMode,
  connectOrigins: readonly string[] = [],
): string {
  const directives = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ]
  if (mode === 'enforce') directives.unshift(`frame-ancestors ${allowedOrigins.join(' ')}`)
  return directives.join('; ')
}

/**
 * Headers of the frame document for one project. No `X-Frame-Options`: it would override `frame-ancestors`
 * (and cannot list several origins).
 */
export function frameDocumentHeaders(
  allowedOrigins: readonly string[],
  mode: FrameAncestorsMode,
  connectOrigins: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': frameContentSecurityPolicy(allowedOrigins, mode, connectOrigins),
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  }
}

/**
 * HSTS on every answer of a frame served over https: two years, subdomains included, so that a browser that
 * has seen the wallet once never loads it (or its session cookie) over plain http, where a network attacker
 * could serve a look-alike frame.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

/** Every other response: nothing to run, nothing to frame. */
export const DEFAULT_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
