/**
 * EIP-6963: the embedded wallet's provider announced to the page, so libraries that discover wallets
 * (wagmi, mipd, RainbowKit…) list it as 'Keyframe'.
 * @module
 */
import type { Keyframe } from '../../core/createKeyframe.ts'
import type { Eip1193Provider, Eip6963ProviderInfo } from '../types.ts'
import { KEYFRAME_ICON, KEYFRAME_RDNS } from './icon.ts'
import { getEmbeddedProvider } from './provider.ts'

/** What `eip6963:announceProvider` carries. */
export type Eip6963ProviderDetail = { readonly info: Eip6963ProviderInfo; readonly provider: Eip1193Provider }

/** A UUIDv4. `crypto.randomUUID` exists only in secure contexts; `getRandomValues` everywhere. */
function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Announces the embedded provider now and again on every `eip6963:requestProvider`, with one frozen
 * detail (a new uuid per instance). Returns the removal of the listener. Browser only. @internal
 */
export function announceProvider(kf: Keyframe): () => void {
  const detail: Eip6963ProviderDetail = Object.freeze({
    info: Object.freeze({ uuid: uuid(), name: 'Keyframe', icon: KEYFRAME_ICON, rdns: KEYFRAME_RDNS }),
    provider: getEmbeddedProvider(kf),
  })
  const announce = () => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
