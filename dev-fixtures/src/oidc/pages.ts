/** The stand-in's own pages: a login form and a consent form, plain and legible, light or dark with the system. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const STYLE = `
:root { color-scheme: light dark; --fg: #1a1a1a; --bg: #f4f4f5; --card: #fff; --muted: #52525b; --line: #a1a1aa;
  --accent: #1d4ed8; --on-accent: #fff; --error: #b91c1c; }
@media (prefers-color-scheme: dark) { :root { --fg: #f4f4f5; --bg: #18181b; --card: #27272a; --muted: #d4d4d8;
  --line: #71717a; --accent: #93c5fd; --on-accent: #0b1220; --error: #fca5a5; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: var(--card); border-radius: 12px; }
.provider { margin: 0; font-size: 0.875rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; color: var(--muted); }
h1 { margin: 0.25rem 0 1rem; font-size: 1.375rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { width: 100%; padding: 0.625rem 0.75rem; font: inherit; color: inherit; background: transparent;
  border: 1px solid var(--line); border-radius: 8px; }
.hint { color: var(--muted); font-size: 0.875rem; margin: 0.375rem 0 1rem; }
.error { color: var(--error); font-weight: 600; }
ul { padding-left: 1.25rem; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { flex: 1; padding: 0.625rem 1rem; font: inherit; font-weight: 600; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent); }
button.secondary { background: transparent; color: var(--fg); border-color: var(--line); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
footer { color: var(--muted); font-size: 0.8125rem; margin-top: 1.25rem; }
`

function page(provider: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${escapeHtml(provider)} (dev)</title><style>${STYLE}</style></head>
<body><main>
<p class="provider">${escapeHtml(provider)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
<footer>Keyframe's local stand-in for ${escapeHtml(provider)}, for development only.</footer>
</main></body></html>`
}

/** Any login name: `<name>`, `<name>+unverified` or `<name>+noemail` (see devAccounts.ts). */
export function loginPage(p: {
  provider: string
  action: string
  client: string
  login?: string
  error?: string
}) {
  const error = p.error ? `<p class="error" id="login-error" role="alert">${escapeHtml(p.error)}</p>` : ''
  return page(
    p.provider,
    `Sign in to ${p.provider}`,
    `<p>to continue to ${escapeHtml(p.client)}</p>
<form method="post" action="${escapeHtml(p.action)}">
<label for="login">Login name</label>
<input id="login" name="login" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus
  value="${escapeHtml(p.login ?? '')}" aria-describedby="login-hint${p.error ? ' login-error" aria-invalid="true' : ''}">
<p class="hint" id="login-hint">Any name: <b>alice</b> has alice@example.test, verified;
<b>alice+unverified</b> the same address, not verified; <b>alice+noemail</b> no e-mail.</p>
${error}
<div class="actions"><button type="submit">Sign in</button></div>
</form>`,
  )
}

/** Allow gives the client the scopes; Deny sends the person back with `error=access_denied`. */
export function consentPage(p: {
  provider: string
  action: string
  client: string
  account: string
  scopes: string[]
}) {
  const scopes = p.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')
  return page(
    p.provider,
    `Allow ${p.client} to use your ${p.provider} account?`,
    `<p>Signed in as <b>${escapeHtml(p.account)}</b>.</p>
${scopes ? `<p>${escapeHtml(p.client)} asks for:</p><ul>${scopes}</ul>` : ''}
<form method="post" action="${escapeHtml(p.action)}">
<div class="actions">
<button type="submit" name="consent" value="deny" class="secondary">Deny</button>
<button type="submit" name="consent" value="allow">Allow</button>
</div>
</form>`,
  )
}

/** What the stand-in shows for an error it renders itself (an unknown client, a refused redirect_uri…). */
export function errorPage(provider: string, message: string) {
  return page(provider, 'Something went wrong', `<p class="error" role="alert">${escapeHtml(message)}</p>`)
}
