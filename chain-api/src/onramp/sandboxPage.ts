/**
 * The sandbox provider's page: plain HTML, no script, no external asset, one inline style allowed by its hash.
 * Its form posts to `{id}/pay` (relative, so it works behind a path prefix too).
 * @module
 */
import { createHash } from 'node:crypto'
import { formatUnits } from 'viem'
import type { OnrampSession } from './db/schema.ts'

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#666}dd{margin:0;overflow-wrap:anywhere}' +
  'button{font-size:1.1rem;padding:.6rem 2rem;border-radius:.5rem;border:0;background:#2f5bea;color:#fff;cursor:pointer}' +
  '.note{color:#666;font-size:.9rem}code{overflow-wrap:anywhere}'

/** Headers of every sandbox page: nothing runs, nothing loads, nothing frames it, forms post only here. */
export function sandboxPageHeaders(): Record<string, string> {
  const styleHash = createHash('sha256').update(STYLE).digest('base64')
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

export type SandboxPageParameters = {
  session: OnrampSession
  /** Display name of the network. */
  networkName: string
  now: Date
  /** The confirmed transfer, on the page answering a payment. */
  paid?: { txHash: string; blockNumber: bigint }
}

/** The page of a purchase: what is bought, where it goes, and the Pay button while it can be paid. */
export function sandboxPage(p: SandboxPageParameters): string {
  const { session } = p
  const amount = `${formatUnits(BigInt(session.amount), session.decimals)} ${session.symbol}`
  const rows: [string, string][] = [
    ['Amount', amount],
    ['Network', `${p.networkName} (${session.chain})`],
    ['To', session.destination],
  ]
  if (session.fiatTotal) rows.push(['You pay', `${session.fiatTotal} USD (test money)`])
  const txHash = p.paid?.txHash ?? session.txHash
  let action: string
  if (session.status === 'paid')
    action = `<p>Paid. Transaction <code id="tx">${escapeHtml(txHash ?? '')}</code>${
      p.paid ? ` in block ${p.paid.blockNumber}` : ''
    }.</p><p class="note">You can close this page.</p>`
  else if (session.status !== 'open')
    action = `<p>This purchase is being paid or has failed${txHash ? ` (transaction <code id="tx">${escapeHtml(txHash)}</code>)` : ''}.</p>`
  else if (session.expiresAt.getTime() <= p.now.getTime())
    action = '<p>This purchase expired. Start again from the app.</p>'
  else
    action = `<form method="post" action="${escapeHtml(encodeURIComponent(session.id))}/pay"><button type="submit">Pay</button></form><p class="note">Sandbox: paying sends test funds on a test network. No real money moves.</p>`
  const list = rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Buy ${escapeHtml(amount)}</title><style>${STYLE}</style></head><body><main><h1>Buy ${escapeHtml(amount)}</h1><dl>${list}</dl>${action}</main></body></html>`
}
