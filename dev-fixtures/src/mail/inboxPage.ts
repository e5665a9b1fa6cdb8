import type { CaughtMail } from './startMailCatcher.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
header{padding:12px 20px;background:#24292f;color:#fff;display:flex;gap:16px;align-items:center}
header a{color:#fff}main{padding:16px 20px}table{border-collapse:collapse;width:100%;background:#fff}
td,th{text-align:left;padding:8px;border-bottom:1px solid #d0d7de;font-size:14px}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #d0d7de}
iframe{width:100%;height:480px;border:1px solid #d0d7de;background:#fff}form{margin:0}`

/** Inline styles only, no script; the HTML of a mail is shown in a sandboxed frame. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; base-uri 'none'"
/** A mail's own HTML: sandboxed (no script, no same-origin), no remote loads. */
export const MAIL_HTML_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:"

function layout(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${refresh ? '<meta http-equiv="refresh" content="3">' : ''}<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><strong>Keyframe dev mailbox</strong><a href="/">Inbox</a><form method="post" action="/clear"><button type="submit">Delete all</button></form></header><main>${body}</main></body></html>`
}

/** The inbox: newest first, refreshed every 3 s. */
export function inboxPage(messages: readonly CaughtMail[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('')
  const table = rows
    ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Log in by e-mail in the demo dApp and the code shows up here.</p>'
  return layout(`Inbox (${messages.length})`, table, true)
}

/** One mail: its headers, its text, and its HTML in a sandboxed frame. */
export function messagePage(message: CaughtMail): string {
  return layout(
    message.subject,
    `<h1>${escapeHtml(message.subject || '(no subject)')}</h1>
<p>From ${escapeHtml(message.from)} to ${escapeHtml(message.to.join(', '))}, ${escapeHtml(message.date)}</p>
<pre>${escapeHtml(message.text)}</pre>
${message.html ? `<iframe sandbox title="HTML version" src="/messages/${encodeURIComponent(message.id)}/html"></iframe>` : ''}`,
  )
}
