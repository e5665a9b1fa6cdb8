import { getBalance } from '../../api/getBalance.ts'
import { nativeBalanceKey } from '../../api/getNativeBalance.ts'
import { getNfts } from '../../api/getNfts.ts'
import { getAccount } from '../../core/account.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { chainApiOf } from '../chainApi.ts'
import { PORTFOLIO_RETRY } from './portfolio.ts'

/**
 * After a transaction that moved the account's assets (a swap, a purchase, a send): reads its balances and
 * NFTs on the connected network again past every cache (`forceUpdate`), then tells the Account view, mounted
 * or mounting, to show them (the store's `portfolioRevision`). Failures are left to the view's own read.
 * @example
 * await waitForReceipt(hash)
 * await refreshBalances(kf)
 */
export async function refreshBalances(kf: Keyframe): Promise<void> {
  const api = chainApiOf(kf)
  const { address, chainId } = getAccount(kf)
  if (api && address && chainId) {
    kf._internal.runtime(PORTFOLIO_RETRY).failedAt = Number.NEGATIVE_INFINITY
    api.cache.delete(nativeBalanceKey(address, chainId))
    await Promise.allSettled([
      getBalance(api, { address, chainId, forceUpdate: true }),
      getNfts(api, { address, chainId, forceUpdate: true }),
    ])
  }
  if (kf._internal.isDestroyed()) return
  kf._internal.store.setState((state) => ({ portfolioRevision: state.portfolioRevision + 1 }))
}
