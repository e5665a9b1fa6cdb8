/** @jsxImportSource preact */
import { WALLET_IMAGES_PREFETCH_COUNT, WALLETS_PAGE_SIZE } from '@keyframe/protocol/core'
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { walletImageUrl } from '../../../api/walletImageUrl.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { getInjectedWallets, watchInjectedWallets } from '../../../core/injected.ts'
import { getRecentWallets } from '../../../core/recentWallets.ts'
import { chainApiOf } from '../../chainApi.ts'
import { useWatched } from '../../useWatched.ts'
import { WalletRow } from '../../WalletRow.tsx'
import { allWalletsStyles } from './allWalletsStyles.ts'
import { choose, homepageOf } from './chooseWallet.ts'
import { useCatalogueSearch, usePagedCatalogue } from './useCatalogue.ts'
import { orderWallets, type WalletChoice } from './walletList.ts'

/**
 * All wallets: a search field over the wallet catalogue and the list, 40 a page (SPEC §9). The browser's
 * installed wallets come first and are marked, the recent ones before them; each wallet once. Images load
 * through chain-api's image endpoint, at once for the first 20 of a page and the rest as they scroll in.
 * An installed wallet connects directly; any other through WalletConnect, or, on a site without
 * WalletConnect, is a link to its homepage.
 */
export function AllWalletsView({ kf }: { kf: Keyframe }) {
  const api = chainApiOf(kf)
  const { walletOptions, walletConnect } = kf._internal
  const filters = { include: walletOptions.include, exclude: walletOptions.exclude }
  const injected = useWatched(kf, watchInjectedWallets, getInjectedWallets)
  const [query, setQuery] = useState('')
  const search = query.trim()
  const paged = usePagedCatalogue(api, filters)
  const found = useCatalogueSearch(api, search, filters)
  const list = found ?? paged
  const searchId = useId()
  const listRef = useRef<HTMLUListElement>(null)
  /** After "More wallets": how many catalogue wallets there were, so focus moves to the first new one. */
  const focusFrom = useRef<number | undefined>(undefined)

  const needle = search.toLowerCase()
  const choices = orderWallets({
    injected: needle ? injected.filter((w) => w.name.toLowerCase().includes(needle)) : injected,
    catalogue: list.wallets,
    recent: getRecentWallets(kf),
  })
  const position = new Map(list.wallets.map((w, i) => [w.id, i]))

  // The button goes once the last page is in: focus moves to the first wallet the press brought.
  useLayoutEffect(() => {
    const from = focusFrom.current
    if (from === undefined || paged.wallets.length <= from) return
    focusFrom.current = undefined
    const index = choices.findIndex((c) => c.kind === 'catalogue' && (position.get(c.id) ?? -1) >= from)
    listRef.current?.querySelectorAll<HTMLElement>('li > *')[index]?.focus()
  })

  function row(choice: WalletChoice) {
    const badge = choice.recent ? 'Recent' : choice.kind === 'injected' ? 'Installed' : undefined
    if (choice.kind === 'injected')
      return (
        <WalletRow
          key={choice.id}
          name={choice.name}
          icon={choice.wallet.icon}
          badge={badge}
          onPress={() => choose(kf, choice, api)}
        />
      )
    // SPEC §9: the first 20 images of each page load at once, the others when scrolled to.
    const index = (position.get(choice.id) ?? 0) % (found ? Number.POSITIVE_INFINITY : WALLETS_PAGE_SIZE)
    const common = {
      name: choice.name,
      icon: api ? walletImageUrl(api, choice.wallet.image_id) : undefined,
      loading: index < WALLET_IMAGES_PREFETCH_COUNT ? ('eager' as const) : ('lazy' as const),
      badge,
    }
    return walletConnect ? (
      <WalletRow key={choice.id} {...common} onPress={() => choose(kf, choice, api)} />
    ) : (
      <WalletRow key={choice.id} {...common} href={homepageOf(choice.wallet)} />
    )
  }

  return (
    <>
      <style>{allWalletsStyles}</style>
      <div className="kf-all-wallets-search">
        <label className="kf-visually-hidden" htmlFor={searchId}>
          Search wallets
        </label>
        <input
          id={searchId}
          className="kf-input"
          type="search"
          placeholder="Search wallets"
          autoComplete="off"
          spellcheck={false}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
      </div>
      {!api && <p className="kf-note">This site lists only the wallets in your browser.</p>}
      <div className="kf-all-wallets">
        <ul ref={listRef} className="kf-wallets" aria-label="Wallets" aria-busy={list.loading || undefined}>
          {choices.map(row)}
        </ul>
      </div>
      <div className="kf-all-wallets-more">
        {list.loading && <div className="kf-spinner" role="status" aria-label="Loading wallets" />}
        {list.failed && (
          <p className="kf-error" role="alert">
            The wallet list could not be loaded.
          </p>
        )}
        {list.failed && !found && (
          <button type="button" className="kf-button kf-block" onClick={paged.retry}>
            Try again
          </button>
        )}
        {found && !found.loading && !found.failed && choices.length === 0 && (
          <p className="kf-note" role="status">
            No wallet matches “{search}”.
          </p>
        )}
        {/* Kept while the next page loads, so focus stays on it until it moves to the first new wallet. */}
        {!found && !paged.failed && paged.wallets.length < paged.count && (
          <button
            type="button"
            className="kf-button kf-block"
            aria-disabled={paged.loading || undefined}
            onClick={() => {
              if (paged.loading) return
              focusFrom.current = paged.wallets.length
              paged.more()
            }}
          >
            More wallets
          </button>
        )}
      </div>
    </>
  )
}
