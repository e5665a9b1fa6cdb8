/** @jsxImportSource preact */
import { type CatalogueWallet, WALLETS_MAX_ENTRIES } from '@keyframe/protocol/chain-api/catalogue'
import { RECOMMENDED_WALLETS_COUNT, RECOMMENDED_WALLETS_PAGE } from '@keyframe/protocol/core'
import { useEffect, useState } from 'preact/hooks'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getWallets } from '../../../api/getWallets.ts'
import { walletImageUrl } from '../../../api/walletImageUrl.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { getInjectedWallets, watchInjectedWallets } from '../../../core/injected.ts'
import { getRecentWallets } from '../../../core/recentWallets.ts'
import { chainApiOf } from '../../chainApi.ts'
import { pairWith } from '../../pairWith.ts'
import { useWatched } from '../../useWatched.ts'
import { WalletRow } from '../../WalletRow.tsx'
import { targetOf } from './chooseWallet.ts'
import { displayName } from './walletList.ts'

/** The catalogue's part of a request for the Connect view: the configured featured ids, or recommended. */
function fetchPart(
  kf: Keyframe,
  api: ChainApi,
  part: 'featured' | 'recommended',
  signal: AbortSignal,
): Promise<CatalogueWallet[]> {
  const { featured, include, exclude } = kf._internal.walletOptions
  if (part === 'featured') {
    if (featured.length === 0) return Promise.resolve([])
    // The dApp's order, not the catalogue's.
    return getWallets(api, { include: featured, entries: WALLETS_MAX_ENTRIES, signal }).then(({ data }) =>
      data.sort((a, b) => featured.indexOf(a.id) - featured.indexOf(b.id)),
    )
  }
  // Enough to still have 4 once the installed and recent wallets shown above are left out.
  const spare = getInjectedWallets(kf).length + getRecentWallets(kf).length
  return getWallets(api, {
    page: RECOMMENDED_WALLETS_PAGE,
    entries: Math.min(RECOMMENDED_WALLETS_COUNT + spare, WALLETS_MAX_ENTRIES),
    include,
    exclude: [...exclude, ...featured],
    signal,
  }).then(({ data }) => data)
}

/**
 * Catalogue wallets in the Connect view's list (SPEC §9 connector order): `featured` (the `featuredWalletIds`
 * in their order) or `recommended` (the catalogue's first 4), minus the installed and recent wallets listed
 * above them. List items of the Connect view's wallet list; nothing while they load or when chain-api fails
 * (All wallets still lists them).
 */
export function CatalogueWallets({ kf, part }: { kf: Keyframe; part: 'featured' | 'recommended' }) {
  const api = chainApiOf(kf)
  const injected = useWatched(kf, watchInjectedWallets, getInjectedWallets)
  const [wallets, setWallets] = useState<CatalogueWallet[]>([])
  useEffect(() => {
    if (!api) return
    const controller = new AbortController()
    fetchPart(kf, api, part, controller.signal).then(
      (data) => !controller.signal.aborted && setWallets(data),
      () => {},
    )
    return () => controller.abort()
  }, [kf, api, part])
  if (!api) return null
  const installed = new Set(injected.map((w) => w.rdns))
  const recent = getRecentWallets(kf).map((w) => w.id)
  const shown = wallets.filter((w) => !(w.rdns !== null && installed.has(w.rdns)) && !recent.includes(w.id))
  return (
    <>
      {(part === 'recommended' ? shown.slice(0, RECOMMENDED_WALLETS_COUNT) : shown).map((wallet) => (
        <WalletRow
          key={wallet.id}
          name={displayName(wallet.name)}
          icon={walletImageUrl(api, wallet.image_id)}
          onPress={() => pairWith(kf, targetOf(wallet, api))}
        />
      ))}
    </>
  )
}
