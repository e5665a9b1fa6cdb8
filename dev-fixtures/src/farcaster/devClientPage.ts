/**
 * The relay's page at `/`: plays the Farcaster client for a developer (paste the `farcaster://connect` URI the
 * modal shows, pick a dev fid, Sign in). A plain form, no script.
 * @module
 */
import type { DevFarcasterFid } from '../chain/idRegistry.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Inline styles only, no script; the form posts to the relay itself. */
export const DEV_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'"

const STYLE = `:root{color-scheme:light dark;--fg:#1f2328;--bg:#f6f8fa;--card:#fff;--line:#d0d7de;--accent:#6a3cd6;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--card:#161b22;--line:#30363d;--accent:#a58cf0;--on-accent:#0d1117}}
body{font-family:system-ui,sans-serif;margin:0;color:var(--fg);background:var(--bg)}
main{max-width:560px;margin:32px auto;box-sizing:border-box;padding:24px;background:var(--card);border:1px solid var(--line);border-radius:12px}
h1{font-size:20px;margin:0 0 8px}label,legend{display:block;font-weight:600;margin:16px 0 6px}
textarea{width:100%;box-sizing:border-box;font:13px ui-monospace,monospace;padding:8px;color:inherit;background:transparent;border:1px solid var(--line);border-radius:8px}
fieldset{border:0;padding:0;margin:0}fieldset label{font-weight:400;margin:4px 0}
button{margin-top:20px;padding:10px 18px;font:inherit;font-weight:600;color:var(--on-accent);background:var(--accent);border:0;border-radius:8px;cursor:pointer}
button:focus-visible,textarea:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
p.note{margin:16px 0 0;padding:10px;border-radius:8px;border:1px solid var(--line)}
code{word-break:break-all}@media (max-width:600px){main{margin:0;border-radius:0;border-width:0 0 1px}}`

/** The page; `note` reports the last sign-in (done, or why not). */
export function devClientPage(
  fids: readonly DevFarcasterFid[],
  note?: { ok: boolean; text: string },
): string {
  const options = fids
    .map(
      (dev, index) =>
        `<label><input type="radio" name="fid" value="${dev.fid}"${index === 0 ? ' checked' : ''}> @${escapeHtml(dev.username)} (fid ${dev.fid}, custody <code>${dev.custody}</code>)</label>`,
    )
    .join('')
  const status = note
    ? `<p class="note" role="${note.ok ? 'status' : 'alert'}">${escapeHtml(note.text)}</p>`
    : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Farcaster dev client</title><style>${STYLE}</style></head><body><main>
<h1>Farcaster dev client</h1><p>Plays the Farcaster app for the local stack: signs in with a dev account's custody key (for development only).</p>
<form method="post" action="/dev/sign-in">
<label for="uri">Connect URI (Copy link in the modal)</label><textarea id="uri" name="uri" rows="4" required placeholder="farcaster://connect?channelToken=…"></textarea>
<fieldset><legend>Dev account</legend>${options}</fieldset>
<button type="submit">Sign in</button></form>${status}</main></body></html>`
}
