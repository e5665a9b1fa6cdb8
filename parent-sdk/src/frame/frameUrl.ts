import { PROTOCOL_VERSION } from '@keyframe/protocol'

/**
 * The frame document's URL: `${frameUrl}?projectId=…&chainId=…&version=1&origin=…`, each value
 * URI-encoded. A query already on `frameUrl` is kept.
 */
export function buildFrameUrl(parameters: {
  /** The full frame document URL, e.g. `http://localhost:5174/frame`. */
  frameUrl: string
  projectId: string
  /** CAIP-2 chain id the frame starts on. */
  chainId: string
  /** The dApp page's origin (`location.origin`). */
  origin: string
}): string {
  const { frameUrl, projectId, chainId, origin } = parameters
  const query = [
    ['projectId', projectId],
    ['chainId', chainId],
    ['version', String(PROTOCOL_VERSION)],
    ['origin', origin],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`)
    .join('&')
  const [base, hash] = splitHash(frameUrl)
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`
}

function splitHash(url: string): [string, string] {
  const i = url.indexOf('#')
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)]
}

/** The frame's origin, the only origin messages are sent to and accepted from. */
export function frameOriginOf(frameUrl: string): string {
  const url = new URL(frameUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`Keyframe: frameUrl must be an http(s) URL, got "${frameUrl}".`)
  }
  return url.origin
}
