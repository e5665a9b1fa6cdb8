/**
 * What choosing a wallet does: an installed one connects directly (ConnectingExternal); any other goes
 * through WalletConnect with its deep links (ConnectingWalletConnect), or, on a site without WalletConnect,
 * is only a link to its homepage.
 * @module
 */
import type { CatalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getWallets } from '../../../api/getWallets.ts'
import { walletImageUrl } from '../../../api/walletImageUrl.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { connectInjected } from '../../../core/injectedConnect.ts'
import type { RecentWallet } from '../../../core/recentWallets.ts'
import type { WalletConnectTarget } from '../../../core/walletConnect.ts'
import { chainApiOf } from '../../chainApi.ts'
import { pairWith } from '../../pairWith.ts'
import { displayName, type WalletChoice } from './walletList.ts'

/** A catalogue entry as WalletConnect's view needs it. */
export function targetOf(wallet: CatalogueWallet, api: ChainApi | undefined): WalletConnectTarget {
  return {
    id: wallet.id,
    name: displayName(wallet.name),
    ...(api ? { imageUrl: walletImageUrl(api, wallet.image_id) } : {}),
    mobileLink: wallet.mobile_link,
    desktopLink: wallet.desktop_link,
    webappLink: wallet.webapp_link,
  }
}

/**
 * Pairs with a recent catalogue wallet: its entry (deep links) fetched first; without chain-api or when the
 * fetch fails, by its stored name alone (the QR still works, deep links do not).
 */
export async function pairWithRecent(kf: Keyframe, recent: RecentWallet): Promise<void> {
  const api = chainApiOf(kf)
  let target: WalletConnectTarget = {
    id: recent.id,
    name: recent.name,
    mobileLink: null,
    desktopLink: null,
    webappLink: null,
  }
  try {
    const entry = api && (await getWallets(api, { include: [recent.id], entries: 1 })).data[0]
    if (entry) target = targetOf(entry, api)
  } catch {
    // Keep the name-only target.
  }
  pairWith(kf, target)
}

/** The homepage of a catalogue wallet, only when it is an https URL (it becomes a link's href). */
export function homepageOf(wallet: CatalogueWallet): string | undefined {
  return wallet.homepage.startsWith('https://') ? wallet.homepage : undefined
}

/** Connects the chosen wallet: directly when installed, else through WalletConnect. */
export function choose(kf: Keyframe, choice: WalletChoice, api: ChainApi | undefined): void {
  if (choice.kind === 'injected') void connectInjected(kf, choice.wallet.id).catch(() => {})
  else pairWith(kf, targetOf(choice.wallet, api))
}
