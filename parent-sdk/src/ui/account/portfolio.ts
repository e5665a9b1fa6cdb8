/**
 * The account's token balances for the Account view (header and Tokens tab): read from chain-api on mount,
 * on an account or network change and when `refreshBalances` bumps the store's `portfolioRevision`, with a
 * loading flag and SPEC §4's retry guard: after a failure, no new request for 30 s (SPEC §9), and a toast
 * 'Token Balance Unavailable' (SPEC §8), also for a network chain-api does not serve.
 * @module
 */
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { TOKEN_BALANCE_RETRY_MS } from '@keyframe/protocol/core'
import { useLayoutEffect, useState } from 'preact/hooks'
import { getBalance } from '../../api/getBalance.ts'
import { isSupportedNetwork } from '../../api/isSupportedNetwork.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { defineRuntime } from '../../core/runtime.ts'
import { chainApiOf } from '../chainApi.ts'
import { TOKEN_BALANCE_UNAVAILABLE } from './balanceLine.ts'

export { TOKEN_BALANCE_UNAVAILABLE }

/** When the last read failed (the retry timestamp of SPEC §3/§4), per instance: it outlives the view. */
export const PORTFOLIO_RETRY = defineRuntime('portfolioRetry', () => ({ failedAt: Number.NEGATIVE_INFINITY }))

export type Portfolio =
  /** No chain-api: the view shows what the wallet's provider says. */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; balances: readonly TokenBalance[] }
  | { status: 'failed' }

/** The portfolio of `address` on `chainId`, read again when `revision` changes. */
export function usePortfolio(
  kf: Keyframe,
  address: string | undefined,
  chainId: string | undefined,
  revision: number,
): Portfolio {
  const api = chainApiOf(kf)
  const key = `${chainId}|${address}|${revision}`
  const [read, setRead] = useState<{ key: string; portfolio: Portfolio } | null>(null)
  useLayoutEffect(() => {
    if (!api || !address || !chainId) return
    const retry = kf._internal.runtime(PORTFOLIO_RETRY)
    const failed = () => {
      retry.failedAt = Date.now()
      setRead({ key, portfolio: { status: 'failed' } })
      kf._internal.toasts.show('error', TOKEN_BALANCE_UNAVAILABLE)
    }
    if (Date.now() - retry.failedAt < TOKEN_BALANCE_RETRY_MS) {
      setRead({ key, portfolio: { status: 'failed' } })
      return
    }
    const controller = new AbortController()
    const { signal } = controller
    ;(async () => {
      try {
        if (!(await isSupportedNetwork(api, chainId, signal))) return failed()
        const { balances } = await getBalance(api, { address, chainId, signal })
        setRead({ key, portfolio: { status: 'ready', balances } })
      } catch {
        if (!signal.aborted) failed()
      }
    })()
    return () => controller.abort()
  }, [kf, api, address, chainId, key])
  if (!api) return { status: 'none' }
  return read?.key === key ? read.portfolio : { status: 'loading' }
}
