/** @jsxImportSource preact */
import type { NftHolding } from '@keyframe/protocol/chain-api/nfts'
import { useLayoutEffect, useState } from 'preact/hooks'
import { getNfts } from '../../api/getNfts.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { chainApiOf } from '../chainApi.ts'

type NftsRead = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; nfts: NftHolding[] }

/**
 * The NFTs tab: the account's NFTs on the connected network with their previews from chain-api; spam ones
 * (chain-api's `flags.is_spam`) are never shown. Read when the tab opens (kept 30 s by the client's cache).
 */
export function NftsTab(props: { kf: Keyframe; address: string; chainId: string; revision: number }) {
  const { kf, address, chainId, revision } = props
  const [read, setRead] = useState<NftsRead>({ status: 'loading' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new revision (refreshBalances) reads again
  useLayoutEffect(() => {
    const api = chainApiOf(kf)
    if (!api) return
    const controller = new AbortController()
    setRead({ status: 'loading' })
    getNfts(api, { address, chainId, signal: controller.signal }).then(
      ({ nfts }) => setRead({ status: 'ready', nfts: nfts.filter((nft) => !nft.flags.is_spam) }),
      () => {
        if (!controller.signal.aborted) setRead({ status: 'failed' })
      },
    )
    return () => controller.abort()
  }, [kf, address, chainId, revision])

  if (read.status === 'loading')
    return (
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Loading NFTs…
      </p>
    )
  if (read.status === 'failed') return <p className="kf-note">NFTs are unavailable right now.</p>
  if (read.nfts.length === 0) return <p className="kf-note">No NFTs on this network yet.</p>
  return (
    <ul className="kf-nfts" aria-label="NFTs">
      {read.nfts.map((nft) => (
        <li key={`${nft.contract}:${nft.tokenId}`} className="kf-nft" data-contract={nft.contract}>
          <img className="kf-nft-preview" src={nft.content.preview.url} alt="" loading="lazy" />
          <span className="kf-nft-name">{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}
