/**
 * The provider page's address, checked before the Buy view opens it. The tab is opened blank first (so no
 * popup blocker stops it) and is then of the dApp's origin: a `javascript:` or `data:` address from a
 * compromised or misconfigured chain-api would run in that origin. Only web pages are opened.
 * @module
 */

/** The error's words when chain-api answers something that is not a web page. */
export const NOT_A_WEB_PAGE = "The provider's page address is not a web page"

/**
 * `text` as an http(s) URL, normalised.
 * @throws Error {@link NOT_A_WEB_PAGE} for anything else (another scheme, or no URL at all).
 * @example
 * tab.location.href = providerPageUrl(url)
 */
export function providerPageUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error(NOT_A_WEB_PAGE)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(NOT_A_WEB_PAGE)
  return url.href
}
