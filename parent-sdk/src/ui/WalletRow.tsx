/** @jsxImportSource preact */

/**
 * One wallet in a wallet list (Connect, All wallets): its icon, its name and a badge ("Recent",
 * "Installed"). A press connects it; with `href` it is a link instead (a wallet the site cannot connect,
 * opened on its homepage).
 */
export function WalletRow(props: {
  name: string
  /** A data: URI or an image URL; absent: a blank tile. */
  icon?: string | undefined
  /** `lazy` for rows the visitor may never scroll to (SPEC §9: images for the first 20 of a page at once). */
  loading?: 'eager' | 'lazy'
  badge?: string | undefined
  onPress?: () => void
  href?: string | undefined
}) {
  const { name, icon, loading = 'eager', badge, onPress, href } = props
  const content = (
    <>
      {icon ? (
        <img className="kf-wallet-icon" src={icon} alt="" width={28} height={28} loading={loading} />
      ) : (
        <span className="kf-wallet-icon" aria-hidden="true" />
      )}
      <span className="kf-wallet-name">{name}</span>
      {badge && <span className="kf-badge">{badge}</span>}
    </>
  )
  return (
    <li>
      {href ? (
        <a className="kf-button kf-block kf-wallet" href={href} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <button type="button" className="kf-button kf-block kf-wallet" onClick={onPress}>
          {content}
        </button>
      )}
    </li>
  )
}
