/**
 * The approval screen's part for `wallet_watchAsset` ("Add token") and `wallet_addEthereumChain` ("Add
 * network"): what the person decides on, as text only. The token's image, the chain's icons and explorer
 * are never fetched nor shown: a page-chosen picture could say anything.
 * @module
 */
import type { WalletDetails } from './walletDetails.ts'

/** The screen's own element makers (`screen.ts`), so this part looks like the rest. */
export type ScreenParts = {
  el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props?: Partial<HTMLElementTagNameMap[K]>,
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K]
  row(label: string, value: Node | string): HTMLElement
  list(...rows: HTMLElement[]): HTMLDListElement
  code(text: string): HTMLElement
}

export function isWalletDetails<D extends { kind: string }>(details: D): details is D & WalletDetails {
  return details.kind === 'watchAsset' || details.kind === 'addChain'
}

export function walletTitle(details: WalletDetails): string {
  return details.kind === 'watchAsset' ? 'Add token' : 'Add network'
}

/** The details below the site, network and account rows. */
export function walletContent(details: WalletDetails, parts: ScreenParts): HTMLElement[] {
  const { el, row, list, code } = parts
  if (details.kind === 'watchAsset') {
    const { token } = details
    return [
      list(
        row('Token', el('span', { className: 'kfa-amount' }, token.symbol)),
        row('Contract', code(token.address)),
        row('Decimals', String(token.decimals)),
      ),
      details.source === 'chain'
        ? el('p', { className: 'kfa-note' }, 'Symbol and decimals as the token contract reports them.')
        : el(
            'p',
            { className: 'kfa-note kfa-warn' },
            'The token contract did not answer: its symbol and decimals are only what the site says.',
          ),
    ]
  }
  const { added } = details
  const { nativeCurrency } = added
  const origin = new URL(added.rpcUrl).origin
  return [
    list(
      row('Network', el('span', { className: 'kfa-amount' }, added.name)),
      row('Chain ID', `${added.id} (0x${added.id.toString(16)})`),
      row(
        'Currency',
        `${nativeCurrency.symbol} (${nativeCurrency.name}, ${nativeCurrency.decimals} decimals)`,
      ),
      row('RPC origin', code(origin)),
      // A path may say which service or key the node is reached with.
      ...(added.rpcUrl.replace(/\/$/, '') === origin ? [] : [row('RPC URL', code(added.rpcUrl))]),
    ),
    el(
      'p',
      { className: 'kfa-note' },
      'This site may then ask you to sign on this network. Its node sees your requests on it.',
    ),
  ]
}
