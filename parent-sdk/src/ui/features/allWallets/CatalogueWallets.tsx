/** @jsxImportSource preact */
import { type CatalogueWallet, WALLETS_MAX_ENTRIES } from '@keyframe/protocol/chain-api/catalogue'
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

/** The configured featured wallets from the catalogue, in the dApp's order (not the catalogue's). */
function fetchFeatured(kf: Keyframe, api: ChainApi, signal: AbortSignal): Promise<CatalogueWallet[]> {
  const { featured } = kf._internal.walletOptions
  return getWallets(api, { include: featured, entries: WALLETS_MAX_ENTRIES, signal }).then(({ data }) =>
    data.sort((a, b) => featured.indexOf(a.id) - featured.indexOf(b.id)),
  )
}

/**
 * The featured catalogue wallets in the Connect view's list (SPEC §9 connector order: the `featuredWalletIds` in
 * their order), minus the installed and recent wallets listed above them. List items of the Connect view's wallet
 * list; nothing while they load or when chain-api fails (All wallets still lists them).
 */
export function CatalogueWallets({ kf }: { kf: Keyframe }) {
  const api = chainApiOf(kf)
  const injected = useWatched(kf, watchInjectedWallets, getInjectedWallets)
  const [wallets, setWallets] = useState<CatalogueWallet[]>([])
  useEffect(() => {
    if (!api) return
    const controller = new AbortController()
    fetchFeatured(kf, api, controller.signal).then(
      (data) => !controller.signal.aborted && setWallets(data),
      () => {},
    )
    return () => controller.abort()
  }, [kf, api])
  if (!api) return null
  const installed = new Set(injected.map((w) => w.rdns))
  const recent = getRecentWallets(kf).map((w) => w.id)
  const shown = wallets.filter((w) => !(w.rdns !== null && installed.has(w.rdns)) && !recent.includes(w.id))
  return (
    <>
      {shown.map((wallet) => (
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
