/**
 * The order of a wallet list (SPEC §9 connector order, §5 de-duplication): the recent wallets first
 * (newest first), then the browser's installed wallets, then catalogue wallets in catalogue order, each
 * wallet once — a catalogue entry whose rdns an installed wallet announces is that wallet.
 * @module
 */
import type { CatalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import { WALLET_DISPLAY_NAMES } from '@keyframe/protocol/core'
import type { InjectedWallet } from '../../../core/injected.ts'
import type { RecentWallet } from '../../../core/recentWallets.ts'

/** A wallet to offer: one the browser has (connects directly), or a catalogue one (WalletConnect). */
export type WalletChoice =
  | { kind: 'injected'; id: string; name: string; recent: boolean; wallet: InjectedWallet }
  | { kind: 'catalogue'; id: string; name: string; recent: boolean; wallet: CatalogueWallet }

/** The name shown for a wallet (SPEC §9: Trust Wallet shown as Trust). */
export function displayName(name: string): string {
  return WALLET_DISPLAY_NAMES[name] ?? name
}

/** The wallets to show, ordered: recent, installed, the rest; de-duplicated by id and by installed rdns. */
export function orderWallets(p: {
  injected: readonly InjectedWallet[]
  catalogue: readonly CatalogueWallet[]
  recent: readonly RecentWallet[]
}): WalletChoice[] {
  const recentIds = p.recent.map((w) => w.id)
  const installed = new Set(p.injected.map((w) => w.rdns))
  const seen = new Set<string>()
  const choices: WalletChoice[] = []
  for (const wallet of p.injected) {
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    const recent = recentIds.includes(wallet.id)
    choices.push({ kind: 'injected', id: wallet.id, name: displayName(wallet.name), recent, wallet })
  }
  for (const wallet of p.catalogue) {
    if (seen.has(wallet.id) || (wallet.rdns !== null && installed.has(wallet.rdns))) continue
    seen.add(wallet.id)
    const recent = recentIds.includes(wallet.id)
    choices.push({ kind: 'catalogue', id: wallet.id, name: displayName(wallet.name), recent, wallet })
  }
  const rank = (choice: WalletChoice) =>
    choice.recent ? recentIds.indexOf(choice.id) : recentIds.length + (choice.kind === 'injected' ? 0 : 1)
  // Array sort is stable: within a rank, the order above stays.
  return choices.sort((a, b) => rank(a) - rank(b))
}
