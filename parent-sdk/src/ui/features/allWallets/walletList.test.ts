import type { CatalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import { describe, expect, test } from 'vitest'
import type { InjectedWallet } from '../../../core/injected.ts'
import { displayName, orderWallets } from './walletList.ts'

const entry = (id: string, name: string, rdns: string | null = null): CatalogueWallet => ({
  id: id.padEnd(64, '0'),
  image_id: id.padEnd(64, '0'),
  name,
  rdns,
  chains: ['eip155:1'],
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  homepage: 'https://example.com/',
  badge_type: 'none',
})
const injected = (rdns: string, name: string): InjectedWallet => ({
  id: `injected:${rdns}`,
  name,
  rdns,
  icon: undefined,
  provider: { request: async () => null } as unknown as InjectedWallet['provider'],
})

const metamask = entry('a', 'MetaMask', 'io.metamask')
const trust = entry('b', 'Trust Wallet', 'com.trustwallet.app')
const rainbow = entry('c', 'Rainbow', 'me.rainbow')
const ledger = entry('d', 'Ledger Live')

describe('orderWallets', () => {
  test('default: catalogue order, each id once, Trust Wallet shown as Trust', () => {
    const list = orderWallets({ injected: [], catalogue: [metamask, trust, metamask, ledger], recent: [] })
    expect(list.map((w) => w.name)).toEqual(['MetaMask', 'Trust', 'Ledger Live'])
    expect(displayName('Trust Wallet')).toBe('Trust')
  })

  test('behavior: installed wallets first, standing in for their catalogue entry (same rdns)', () => {
    const list = orderWallets({
      injected: [injected('me.rainbow', 'Rainbow'), injected('xyz.unlisted', 'Unlisted')],
      catalogue: [metamask, trust, rainbow, ledger],
      recent: [],
    })
    expect(list.map((w) => [w.kind, w.name])).toEqual([
      ['injected', 'Rainbow'],
      ['injected', 'Unlisted'],
      ['catalogue', 'MetaMask'],
      ['catalogue', 'Trust'],
      ['catalogue', 'Ledger Live'],
    ])
  })

  test('behavior: recent wallets before everything, newest first, marked', () => {
    const list = orderWallets({
      injected: [injected('me.rainbow', 'Rainbow')],
      catalogue: [metamask, trust, ledger],
      recent: [
        { id: ledger.id, name: 'Ledger Live' },
        { id: 'injected:me.rainbow', name: 'Rainbow' },
      ],
    })
    expect(list.map((w) => [w.name, w.recent])).toEqual([
      ['Ledger Live', true],
      ['Rainbow', true],
      ['MetaMask', false],
      ['Trust', false],
    ])
  })
})
