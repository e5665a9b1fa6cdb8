/**
 * EIP-6963 discovery of the browser's injected wallets, plus a plain `window.ethereum` when no announcing
 * wallet is that provider. Keyframe's own announcement (rdns `dev.keyframe`) is not an external wallet and
 * is skipped.
 * @module
 */
import { KEYFRAME_RDNS } from '../embedded/icon.ts'
import type { Eip1193Provider, Eip6963ProviderInfo } from '../types.ts'

/** The id of the plain `window.ethereum` entry. */
export const INJECTED_FALLBACK_ID = 'injected'

/** An injected wallet the page offers. */
export type InjectedWallet = {
  /** `'injected:<rdns>'` for an EIP-6963 wallet, `'injected'` for a plain `window.ethereum`. */
  readonly id: string
  readonly name: string
  /** A data: URI; absent for a plain `window.ethereum`. */
  readonly icon: string | undefined
  /** Reverse-DNS id of the wallet; absent for a plain `window.ethereum`. */
  readonly rdns: string | undefined
  readonly provider: Eip1193Provider
}

export type InjectedDiscovery = {
  /** The wallets found so far, announcements first (in order of arrival), then the fallback. Same array until it changes. */
  getWallets(): readonly InjectedWallet[]
  /** Calls `listener` whenever the list changes. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Asks the wallets to announce themselves again (`eip6963:requestProvider`). */
  request(): void
  /** Removes the window listeners. */
  destroy(): void
}

type Announcement = { info: Eip6963ProviderInfo; provider: Eip1193Provider }

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

function isProvider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
  )
}

/**
 * Whether `detail` has the EIP-6963 shape: `info` with non-empty uuid, name and rdns, an icon that is a
 * data: URI (the EIP forbids remote icons), and a provider with `request`. Anything else is ignored: any
 * script on the page can dispatch these events.
 */
export function isAnnouncement(detail: unknown): detail is Announcement {
  if (typeof detail !== 'object' || detail === null) return false
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  if (typeof info !== 'object' || info === null) return false
  const { uuid, name, icon, rdns } = info as Record<string, unknown>
  return (
    isNonEmptyString(uuid) &&
    isNonEmptyString(name) &&
    isNonEmptyString(rdns) &&
    typeof icon === 'string' &&
    icon.startsWith('data:image/') &&
    isProvider(provider)
  )
}

/**
 * Starts listening for `eip6963:announceProvider` on `target` and dispatches `eip6963:requestProvider`.
 * Wallets are de-duplicated by rdns and by uuid (the first announcement wins). `window.ethereum` is added
 * as `'injected'` when it is a provider that no announced wallet (Keyframe's own included) is.
 */
export function createInjectedDiscovery(target: Window = window): InjectedDiscovery {
  const announced: InjectedWallet[] = []
  const uuids = new Set<string>()
  /** Providers that announced themselves, ours included: `window.ethereum` is one of them or the fallback. */
  const announcedProviders = new Set<unknown>()
  const listeners = new Set<() => void>()
  let wallets: readonly InjectedWallet[] = []

  let fallbackEntry: InjectedWallet | undefined

  /** The `window.ethereum` entry, the same object while it holds the same provider. */
  function fallback(): InjectedWallet | undefined {
    const ethereum = (target as { ethereum?: unknown }).ethereum
    if (!isProvider(ethereum) || announcedProviders.has(ethereum)) return undefined
    if (fallbackEntry?.provider !== ethereum) {
      fallbackEntry = {
        id: INJECTED_FALLBACK_ID,
        name: 'Browser Wallet',
        icon: undefined,
        rdns: undefined,
        provider: ethereum,
      }
    }
    return fallbackEntry
  }

  function update() {
    const extra = fallback()
    const next = extra ? [...announced, extra] : [...announced]
    if (next.length === wallets.length && next.every((wallet, i) => wallet === wallets[i])) return
    wallets = next
    for (const listener of [...listeners]) listener()
  }

  function onAnnounce(event: Event) {
    const detail = (event as CustomEvent<unknown>).detail
    if (!isAnnouncement(detail)) return
    const { info, provider } = detail
    announcedProviders.add(provider)
    if (info.rdns === KEYFRAME_RDNS) {
      update()
      return
    }
    if (uuids.has(info.uuid) || announced.some((w) => w.rdns === info.rdns)) return
    uuids.add(info.uuid)
    announced.push({
      id: `injected:${info.rdns}`,
      name: info.name,
      icon: info.icon,
      rdns: info.rdns,
      provider,
    })
    update()
  }

  // Some extensions set `window.ethereum` after the page's scripts ran and say so with this event.
  const onEthereumInitialized = () => update()

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  target.addEventListener('ethereum#initialized', onEthereumInitialized)

  const discovery: InjectedDiscovery = {
    getWallets: () => wallets,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    request() {
      target.dispatchEvent(new Event('eip6963:requestProvider'))
      update()
    },
    destroy() {
      target.removeEventListener('eip6963:announceProvider', onAnnounce)
      target.removeEventListener('ethereum#initialized', onEthereumInitialized)
      listeners.clear()
    },
  }
  discovery.request()
  return discovery
}
