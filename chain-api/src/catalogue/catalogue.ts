/**
 * The catalogue as served: each curated wallet with its id (SHA-256 hex of its rdns, or of its name when it has
 * none), built once, de-duplicated by id.
 * @module
 */
import { createHash } from 'node:crypto'
import type { CatalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import { CURATED_WALLETS, type CuratedWallet } from './wallets.ts'

/** A wallet's catalogue id. */
export function walletIdOf(wallet: Pick<CuratedWallet, 'rdns' | 'name'>): string {
  return createHash('sha256')
    .update(wallet.rdns ?? wallet.name)
    .digest('hex')
}

/** Entries in curated order; a later wallet with an id already seen is dropped. */
export function buildCatalogue(wallets: readonly CuratedWallet[]): CatalogueWallet[] {
  const seen = new Set<string>()
  const entries: CatalogueWallet[] = []
  for (const wallet of wallets) {
    const id = walletIdOf(wallet)
    if (seen.has(id)) continue
    seen.add(id)
    entries.push({
      id,
      image_id: id,
      name: wallet.name,
      rdns: wallet.rdns,
      chains: [...wallet.chains],
      mobile_link: wallet.mobile,
      desktop_link: wallet.desktop,
      webapp_link: wallet.webapp,
      homepage: wallet.homepage,
      badge_type: 'none',
    })
  }
  return entries
}

let curated: CatalogueWallet[] | undefined

/** The curated catalogue (built on first use). */
export function catalogue(): readonly CatalogueWallet[] {
  curated ??= buildCatalogue(CURATED_WALLETS)
  return curated
}
