import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import type { AddableChain, FrameChain } from './chains.ts'

/** The config the frame's bridge reads from `<script type="application/json" id="keyframe-config">`. */
export type FrameHtmlConfig = {
  projectId: string
  allowedOrigins: string[]
  /** The chains the frame signs and proxies for (default none). */
  chains?: readonly FrameChain[]
  /** The operator's `wallet_addEthereumChain` policy (default none: no chain may be added). */
  addableChains?: readonly AddableChain[]
  /** How long a person has to decide on an approval (default: the frame's own, APPROVAL_TIMEOUT_MS). */
  approvalTimeoutMs?: number
  /** The logins besides e-mail the project turned on (names only, never a client id or secret). */
  logins?: readonly LoginProvider[]
}

/**
 * JSON that cannot end the script element or open a comment inside it: `<`, `>` and `&` become `\u003c`,
 * `\u003e` and `\u0026`, and U+2028/U+2029 are escaped too. JSON.parse reads them back unchanged.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * Puts the project config into the built `index.html`, just before `</head>`. The script is data
 * (`type="application/json"`), so `script-src 'self'` needs no exception for it.
 * @throws Error when the document has no `</head>`.
 */
export function renderFrameHtml(html: string, config: FrameHtmlConfig): string {
  const at = html.search(/<\/head>/i)
  if (at === -1) throw new Error('The frame document has no </head>')
  const data = {
    projectId: config.projectId,
    allowedOrigins: config.allowedOrigins,
    ...(config.chains !== undefined && { chains: config.chains }),
    ...(config.addableChains !== undefined && { addableChains: config.addableChains }),
    ...(config.approvalTimeoutMs !== undefined && { approvalTimeoutMs: config.approvalTimeoutMs }),
    ...(config.logins !== undefined && { logins: config.logins }),
  }
  const tag = `<script type="application/json" id="keyframe-config">${toScriptJson(data)}</script>\n`
  return html.slice(0, at) + tag + html.slice(at)
}
