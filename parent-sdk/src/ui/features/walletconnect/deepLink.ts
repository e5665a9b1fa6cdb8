/**
 * A wallet's deep links carrying a WalletConnect pairing URI, as the wallets expect them: the app's link, one
 * `/`, then `wc?uri=` and the URI encoded. A native scheme (`metamask://`) opens the app; a universal link
 * (`https://…`) opens the app where it is installed and its web page elsewhere. The links come from the
 * catalogue (chain-api) and the dApp's custom wallets and end up as an `href` in the dApp's page, so a link
 * that could run script there (`javascript:`, `data:` …) or send the URI in clear text gives no link at all.
 * @module
 */

/** A link to put on an anchor: `_self` hands the URI to an app, `_blank` opens a wallet's web app beside the dApp. */
export type DeepLink = { readonly href: string; readonly target: '_self' | '_blank' }

/** A wallet's published links (the catalogue's `mobile_link`, `desktop_link`, `webapp_link`). */
export type WalletLinkSource = {
  readonly mobileLink: string | null
  readonly desktopLink: string | null
  readonly webappLink: string | null
}

/** The links of one wallet for one pairing URI; a wallet without a usable link of a kind has none. */
export type WalletLinks = { mobile?: DeepLink; desktop?: DeepLink; webapp?: DeepLink }

/** Schemes that run or read something in the page's own context instead of handing off to an app. */
const UNSAFE_SCHEMES = [
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'view-source',
]

const SCHEME_LINK = /^([a-z][a-z0-9+.-]*):\/\/(\S*)$/i
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/** A web link is https (http only on this machine, for wallets in development). */
function isSafeWebLink(link: string): boolean {
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.includes(url.hostname))
  } catch {
    return false
  }
}

/**
 * `appLink` with the pairing URI: a native scheme or a universal link, formatted the way wallets read it.
 * Undefined for a link that is neither (or unsafe).
 * @example
 * deepLink('metamask://', 'wc:ab…@2?relay-protocol=irn&symKey=…') // 'metamask://wc?uri=wc%3Aab…'
 * deepLink('https://link.trustwallet.com', uri) // 'https://link.trustwallet.com/wc?uri=wc%3Aab…'
 */
export function deepLink(appLink: string, uri: string): string | undefined {
  const match = SCHEME_LINK.exec(appLink.trim())
  if (!match) return undefined
  const scheme = (match[1] as string).toLowerCase()
  const rest = match[2] as string
  if (UNSAFE_SCHEMES.includes(scheme)) return undefined
  if ((scheme === 'http' || scheme === 'https') && !isSafeWebLink(appLink.trim())) return undefined
  // `foo://` stays as it is (the app's root); anything after `://` ends with exactly one `/`.
  const path = rest.replace(/\/+$/, '')
  const base = path === '' ? `${scheme}://` : `${scheme}://${path}/`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * The mobile, desktop and web-app links of `wallet` for `uri`. The web app must be a web page.
 * @example
 * walletLinks({ mobileLink: 'rainbow://', desktopLink: null, webappLink: null }, uri).mobile?.href
 */
export function walletLinks(wallet: WalletLinkSource, uri: string): WalletLinks {
  const links: WalletLinks = {}
  const mobile = wallet.mobileLink && deepLink(wallet.mobileLink, uri)
  if (mobile) links.mobile = { href: mobile, target: '_self' }
  const desktop = wallet.desktopLink && deepLink(wallet.desktopLink, uri)
  if (desktop) links.desktop = { href: desktop, target: '_self' }
  const webapp = wallet.webappLink && isSafeWebLink(wallet.webappLink) && deepLink(wallet.webappLink, uri)
  if (webapp) links.webapp = { href: webapp, target: '_blank' }
  return links
}
