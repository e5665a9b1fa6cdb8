/**
 * The catalogue as the All-wallets view reads it: pages of 40 added one after another, and a search (SPEC
 * §5, §9: trimmed, 100 entries, shown no sooner than 300 ms so the list does not flicker while typing).
 * @module
 */
import type { CatalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import { WALLET_SEARCH_ENTRIES, WALLET_SEARCH_MIN_WAIT_MS, WALLETS_PAGE_SIZE } from '@keyframe/protocol/core'
import { useEffect, useState } from 'preact/hooks'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getWallets } from '../../../api/getWallets.ts'

type Filters = { include: readonly string[]; exclude: readonly string[] }

export type CatalogueList = {
  wallets: readonly CatalogueWallet[]
  /** How many match in all (the pages not loaded yet included). */
  count: number
  loading: boolean
  failed: boolean
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The pages loaded so far; `more()` loads the next, `retry()` the one that failed. */
export function usePagedCatalogue(
  api: ChainApi | undefined,
  filters: Filters,
): CatalogueList & { more(): void; retry(): void } {
  const [list, setList] = useState<CatalogueList>({ wallets: [], count: 0, loading: !!api, failed: false })
  const [page, setPage] = useState({ number: 1, attempt: 0 })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the instance's options, fixed
  useEffect(() => {
    if (!api) return
    const controller = new AbortController()
    setList((l) => ({ ...l, loading: true, failed: false }))
    getWallets(api, {
      page: page.number,
      entries: WALLETS_PAGE_SIZE,
      ...filters,
      signal: controller.signal,
    }).then(
      ({ data, count }) => {
        if (!controller.signal.aborted)
          setList((l) => ({ wallets: [...l.wallets, ...data], count, loading: false, failed: false }))
      },
      () => {
        if (!controller.signal.aborted) setList((l) => ({ ...l, loading: false, failed: true }))
      },
    )
    return () => controller.abort()
  }, [api, page])
  return {
    ...list,
    more: () => setPage((p) => ({ number: p.number + 1, attempt: 0 })),
    retry: () => setPage((p) => ({ ...p, attempt: p.attempt + 1 })),
  }
}

/** The wallets matching `search` (already trimmed); undefined while there is no search. */
export function useCatalogueSearch(
  api: ChainApi | undefined,
  search: string,
  filters: Filters,
): CatalogueList | undefined {
  const [result, setResult] = useState<{ search: string; wallets: CatalogueWallet[]; failed: boolean }>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the instance's options, fixed
  useEffect(() => {
    if (!api || search === '') return
    const controller = new AbortController()
    const { signal } = controller
    Promise.all([
      getWallets(api, { search, entries: WALLET_SEARCH_ENTRIES, ...filters, signal }),
      wait(WALLET_SEARCH_MIN_WAIT_MS),
    ]).then(
      ([{ data }]) => {
        if (!signal.aborted) setResult({ search, wallets: data, failed: false })
      },
      () => {
        if (!signal.aborted) setResult({ search, wallets: [], failed: true })
      },
    )
    return () => controller.abort()
  }, [api, search])
  if (search === '') return undefined
  const ready = result?.search === search
  return {
    wallets: ready ? result.wallets : [],
    count: ready ? result.wallets.length : 0,
    loading: !!api && !ready,
    failed: ready && result.failed,
  }
}
