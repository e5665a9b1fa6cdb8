import { useLayoutEffect, useState } from 'preact/hooks'
import { getActiveConnector, watchActiveConnector } from '../../core/connectors.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { readNativeBalance } from '../../core/nativeBalance.ts'
import { useWatched } from '../useWatched.ts'
import { TOKEN_BALANCE_UNAVAILABLE } from './balanceLine.ts'

/** The native balance as the wallet's provider says it: base units, 'failed', or null while read or not read. */
export type ProviderBalance = bigint | 'failed' | null

/**
 * The account's native balance through the active connector's provider (`eth_getBalance`), read again when
 * the account, the chain or the connector changes; for when chain-api cannot say it (no `chainApiUrl`, or
 * its read failed). `read: 'no'` reads nothing; `'yes'` says 'Token Balance Unavailable' on failure,
 * `'quietly'` does not (the portfolio's failure has said so).
 */
export function useNativeBalance(
  kf: Keyframe,
  address: string | undefined,
  chainId: string | undefined,
  read: 'no' | 'quietly' | 'yes',
): ProviderBalance {
  const connector = useWatched(kf, watchActiveConnector, getActiveConnector)
  const [balance, setBalance] = useState<{ key: string; value: bigint | 'failed' } | null>(null)
  const key = `${connector?.id}|${chainId}|${address}`
  useLayoutEffect(() => {
    if (read === 'no' || !connector || !address || !/^0x[0-9a-fA-F]{40}$/.test(address)) return
    let live = true
    connector
      .getProvider()
      .then((provider) => readNativeBalance(provider, address as `0x${string}`))
      .then(
        (value) => {
          if (live) setBalance({ key, value })
        },
        () => {
          if (!live) return
          setBalance({ key, value: 'failed' })
          if (read === 'yes') kf._internal.toasts.show('error', TOKEN_BALANCE_UNAVAILABLE)
        },
      )
    return () => {
      live = false
    }
  }, [kf, connector, address, key, read])
  return balance?.key === key ? balance.value : null
}
