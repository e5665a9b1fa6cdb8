/**
 * What the servers add to the protocol's allowed-origin rules (`parseAllowedOrigin` of `@keyframe/protocol`)
 * for a project's origins: `https:` only, loopback excepted (the dev stack runs on http://127.0.0.1 and
 * http://localhost), and no wildcard over a public suffix (`https://*.github.io` would let every GitHub Pages
 * site embed the wallet). The public suffix list (tldts) stays on the servers: browser code never imports this.
 * @module
 */
import { getPublicSuffix } from 'tldts'
import * as z from 'zod/mini'

/** `localhost`, 127.0.0.0/8 and [::1]: a page there is the developer's own machine. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/**
 * Why `entry` (an allowed-origin entry the protocol's rules accept) cannot be a project's origin, or
 * undefined when it can. An entry the protocol refuses is left to it (undefined here).
 * @example
 * projectOriginProblem('http://app.example.com') // 'Invalid origin "http://app.example.com": only https: …'
 * projectOriginProblem('https://*.github.io') // 'Invalid origin "https://*.github.io": github.io is a public suffix …'
 * projectOriginProblem('http://127.0.0.1:5173') // undefined
 */
export function projectOriginProblem(entry: string): string | undefined {
  const wildcard = entry.includes('://*.')
  let url: URL
  try {
    url = new URL(wildcard ? entry.replace('://*.', '://') : entry)
  } catch {
    return undefined
  }
  const problem = (reason: string) => `Invalid origin ${JSON.stringify(entry)}: ${reason}`
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    return problem('only https: origins are allowed (http: only on loopback: localhost, 127.0.0.0/8, [::1])')
  if (wildcard && getPublicSuffix(url.hostname, { allowPrivateDomains: true }) === url.hostname)
    return problem(
      `${url.hostname} is a public suffix, so the wildcard would allow every site under it; list exact origins`,
    )
  return undefined
}

/**
 * {@link projectOriginProblem} as a zod check, added to the protocol's schema where projects are accepted:
 * `allowedOriginSchema.check(projectOriginCheck)`.
 */
export const projectOriginCheck = z.superRefine<string>((value, ctx) => {
  const problem = projectOriginProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value })
})
