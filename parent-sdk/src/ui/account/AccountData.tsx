/** @jsxImportSource preact */
import type { Identity } from '@keyframe/protocol/chain-api/names'
import type { Caip2Id } from '@keyframe/protocol/core'
import { useLayoutEffect, useState } from 'preact/hooks'
import type { Keyframe } from '../../core/createKeyframe.ts'
import type { Network } from '../../core/network.ts'
import { AccountHeader } from './AccountHeader.tsx'
import { AccountTabs } from './AccountTabs.tsx'
import { balanceLine } from './balanceLine.ts'
import { FeatureRow } from './FeatureRow.tsx'
import { usePortfolio } from './portfolio.ts'
import { canRegisterName, readProfile } from './profileName.ts'
import { useNativeBalance } from './useNativeBalance.ts'

/** The name and avatar of `address`, read on mount and when it changes (a failure keeps the address). */
function useProfile(kf: Keyframe, address: string): Identity | undefined {
  const [profile, setProfile] = useState<{ address: string; identity: Identity } | null>(null)
  useLayoutEffect(() => {
    const controller = new AbortController()
    readProfile(kf, address, { signal: controller.signal }).then(
      (identity) => setProfile({ address, identity }),
      () => {
        if (!controller.signal.aborted) setProfile({ address, identity: { name: null, avatar: null } })
      },
    )
    return () => controller.abort()
  }, [kf, address])
  return profile?.address === address ? profile.identity : undefined
}

/**
 * The parts of the Account view that come from chain-api, a chunk of their own (the client and its schemas
 * load once the Account view shows, never with `open()`): the header with the profile name and avatar and
 * the native balance with USD, the feature row, and the Tokens / NFTs / Activity tabs.
 */
export function AccountData(props: {
  kf: Keyframe
  address: string
  chainId: Caip2Id
  network: Network
  revision: number
}) {
  const { kf, address, chainId, network, revision } = props
  const portfolio = usePortfolio(kf, address, chainId, revision)
  const provider = useNativeBalance(kf, address, chainId, portfolio.status === 'failed' ? 'quietly' : 'no')
  const profile = useProfile(kf, address)
  const balance = balanceLine(
    portfolio.status === 'ready' ? portfolio.balances : undefined,
    provider,
    network,
  )
  return (
    <>
      <AccountHeader
        kf={kf}
        address={address}
        network={network}
        balance={portfolio.status === 'loading' ? { amount: '…', usd: '' } : balance}
        profile={profile}
        canChooseName={profile !== undefined && canRegisterName(kf)}
      />
      <FeatureRow kf={kf} />
      <AccountTabs kf={kf} address={address} chainId={chainId} portfolio={portfolio} revision={revision} />
    </>
  )
}
