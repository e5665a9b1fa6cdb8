/** @jsxImportSource preact */
import { useState } from 'preact/hooks'
import type { Portfolio } from './portfolio.ts'
import { type TokenRow, tokenRows } from './tokenRows.ts'

/** A token's icon from chain-api, or its symbol's first letter when the image does not load. */
function TokenIcon({ row }: { row: TokenRow }) {
  const [broken, setBroken] = useState(false)
  if (broken || !row.iconUrl)
    return (
      <span className="kf-token-icon" aria-hidden="true">
        {row.symbol.slice(0, 1)}
      </span>
    )
  return <img className="kf-token-icon" src={row.iconUrl} alt="" onError={() => setBroken(true)} />
}

/**
 * The Tokens tab: each token's icon, name, quantity and USD value (SPEC §2, §9), zero-decimal tokens dropped;
 * a loading state while the balances are read, and 'Token Balance Unavailable' when they cannot be.
 */
export function TokensTab({ portfolio }: { portfolio: Portfolio }) {
  if (portfolio.status === 'loading' || portfolio.status === 'none')
    return (
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Loading tokens…
      </p>
    )
  if (portfolio.status === 'failed') return <p className="kf-note">Token Balance Unavailable</p>
  const rows = tokenRows(portfolio.balances)
  if (rows.length === 0) return <p className="kf-note">No tokens on this network yet.</p>
  return (
    <ul className="kf-tokens" aria-label="Tokens">
      {rows.map((row) => (
        <li key={row.key} className="kf-token" data-symbol={row.symbol}>
          <TokenIcon row={row} />
          <span className="kf-token-name">{row.name}</span>
          <span className="kf-token-figures">
            <span className="kf-token-usd">{row.usd}</span>
            <span className="kf-token-quantity">{row.quantity}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
