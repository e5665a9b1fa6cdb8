/**
 * The social login's own pages on the frame origin: `/social/popup` (what the popup shows while the frame asks
 * for the provider's URL: no script at all) and the callback's answer, which hands the ticket to the frames of
 * the frame's own origin inside the popup's opener (`postMessage` to this origin only: the dApp page never
 * holds it), then the done URI without it to the opener at the flow's parent origin exactly (never '*'), and
 * closes the popup. Neither
 * sends `Cross-Origin-Opener-Policy: same-origin`: it would cut `window.opener` and look like a closed popup.
 * @module
 */
import { SOCIAL_RESULT_MESSAGE, SOCIAL_TICKET_MESSAGE } from '@keyframe/protocol/frame-api/social'
import { toScriptJson } from '../../frameHtml.ts'
import { PERMISSIONS_POLICY } from '../../headers.ts'

export const SOCIAL_STYLE_PATH = '/social/social.css'
export const SOCIAL_SCRIPT_PATH = '/social/done.js'

/** Own-origin style and script only, nothing framed, nothing posted anywhere. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

export const SOCIAL_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': PAGE_CSP,
  // Said out loud: any other policy makes `window.opener` null in the popup.
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cache-Control': 'no-store',
}

/** The Keyframe look, light or dark as the person's system is. */
export const SOCIAL_CSS = `:root{color-scheme:light dark;--bg:#fff;--fg:#141414;--muted:#5c5c5c;--accent:#3396ff}
@media (prefers-color-scheme:dark){:root{--bg:#141414;--fg:#e4e7e7;--muted:#a8b1b1;--accent:#66b5ff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.4}
main{display:flex;flex-direction:column;align-items:center;gap:16px;padding:24px;text-align:center}
h1{margin:0;font-size:18px;font-weight:600}
p{margin:0;color:var(--muted);font-size:14px}
.spinner{width:40px;height:40px;border-radius:50%;border:4px solid color-mix(in srgb,var(--accent) 25%,transparent);
border-top-color:var(--accent);animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation-duration:3s}}
`

/**
 * Posts the ticket (if any) to every frame inside the opener at this page's own origin — only the Keyframe
 * frame there can take it — then the result to the opener (the data block says to which origin), and closes
 * the popup. The walk is bounded: a hostile page may nest frames without end.
 */
export const SOCIAL_DONE_JS = `(() => {
  const data = JSON.parse(document.getElementById('keyframe-social-result').textContent)
  if (!window.opener || typeof data.targetOrigin !== 'string') return
  if (typeof data.ticket === 'string') {
    let left = 64
    const walk = (win, depth) => {
      for (let i = 0; i < win.frames.length && left > 0; i++, left--) {
        const child = win.frames[i]
        child.postMessage({ type: data.ticketType, ticket: data.ticket }, location.origin)
        if (depth < 3) walk(child, depth + 1)
      }
    }
    try { walk(window.opener, 0) } catch {}
  }
  window.opener.postMessage({ type: data.type, uri: data.uri }, data.targetOrigin)
  window.close()
})()
`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${SOCIAL_STYLE_PATH}">${head}</head><body><main>${body}</main></body></html>`
}

/** The popup while the provider's URL is on its way. */
export function popupPage(displayName: string | undefined): string {
  const title = displayName ? `Connecting to ${displayName}…` : 'Connecting…'
  return page(
    title,
    `<div class="spinner" role="progressbar" aria-label="${escapeHtml(title)}"></div><h1>${escapeHtml(title)}</h1><p>Continue in this window.</p>`,
  )
}

/**
 * The callback's answer in the popup: the ticket for the frames of this origin inside the opener, and the done
 * URI for the opener, posted to `targetOrigin` only. Without a target (a flow nobody started, or long gone) it
 * only says so.
 */
export function callbackPage(
  result: { targetOrigin: string; uri: string; ticket?: string } | undefined,
  message: { title: string; text: string },
): string {
  const data = result && {
    type: SOCIAL_RESULT_MESSAGE,
    targetOrigin: result.targetOrigin,
    uri: result.uri,
    ...(result.ticket !== undefined && { ticketType: SOCIAL_TICKET_MESSAGE, ticket: result.ticket }),
  }
  const body = `<h1>${escapeHtml(message.title)}</h1><p>${escapeHtml(message.text)}</p>`
  if (!data) return page(message.title, body)
  return page(
    message.title,
    body,
    `<script type="application/json" id="keyframe-social-result">${toScriptJson(data)}</script><script src="${SOCIAL_SCRIPT_PATH}" defer></script>`,
  )
}
