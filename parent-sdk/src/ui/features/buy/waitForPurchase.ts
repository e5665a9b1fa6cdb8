/**
 * How the Buy view learns that a purchase landed: chain-api lists what the on-ramp provider sent to an
 * account (`/v1/account/{address}/history?onramp`, SPEC §7), so the view notes the purchases there before it
 * opens the provider's page, then asks again every few seconds until a new one appears. Nothing needs the
 * provider's page to talk back, and it works the same for an embedded and an injected wallet.
 * @module
 */
import type { HistoryTransaction } from '@keyframe/protocol/chain-api/history'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getHistory } from '../../../api/getHistory.ts'

/** Between two looks at the account's purchases. */
export const PURCHASE_POLL_MS = 2000

export type PurchaseQuery = {
  /** The buyer (0x address). */
  address: string
  /** CAIP-2 network the purchase is delivered on. */
  chainId: string
  signal: AbortSignal
}

/** The ids of the account's on-ramp purchases so far on the network (the newest page). */
export async function knownPurchases(api: ChainApi, query: PurchaseQuery): Promise<Set<string>> {
  const { data } = await getHistory(api, { ...query, onramp: true })
  return new Set(data.map((tx) => tx.id))
}

/**
 * Resolves with the first on-ramp purchase of the account that is not in `known` (its status may be
 * `failed`); a failed look is tried again at the next interval. Rejects with the signal's reason on abort.
 */
export async function waitForPurchase(
  api: ChainApi,
  query: PurchaseQuery & { known: ReadonlySet<string>; intervalMs?: number },
): Promise<HistoryTransaction> {
  const { known, intervalMs = PURCHASE_POLL_MS, signal, ...account } = query
  for (;;) {
    await sleep(intervalMs, signal)
    try {
      const { data } = await getHistory(api, { ...account, onramp: true, signal })
      const fresh = data.find((tx) => !known.has(tx.id))
      if (fresh) return fresh
    } catch (error) {
      if (signal.aborted) throw error
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
