import { createHash } from 'node:crypto'
import { catalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import { describe, expect, test } from 'vitest'
import { buildCatalogue, catalogue, walletIdOf } from './catalogue.ts'
import { CURATED_WALLETS } from './wallets.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('catalogue', () => {
  test('default: over 40 well-known wallets (a second page of 40), each a valid entry with a unique id', () => {
    const entries = catalogue()
    expect(entries.length).toBeGreaterThan(40)
    for (const entry of entries) expect(catalogueWallet.safeParse(entry).success).toBe(true)
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length)
    expect(entries.slice(0, 3).map((e) => e.name)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet'])
  })

  test('behavior: the id is SHA-256 of the rdns, or of the name when there is none; the image id is the id', () => {
    const metamask = catalogue().find((e) => e.name === 'MetaMask')!
    expect(metamask.id).toBe(sha256('io.metamask'))
    expect(metamask.image_id).toBe(metamask.id)
    const ledger = catalogue().find((e) => e.name === 'Ledger Live')!
    expect(ledger.rdns).toBeNull()
    expect(ledger.id).toBe(sha256('Ledger Live'))
    expect(walletIdOf({ rdns: null, name: 'Safe' })).toBe(sha256('Safe'))
  })

  test('behavior: facts are well formed (CAIP-2 chains, https homepages, deep links with a scheme)', () => {
    for (const wallet of CURATED_WALLETS) {
      expect(wallet.chains.length).toBeGreaterThan(0)
      for (const chain of wallet.chains) expect(chain).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
      expect(new URL(wallet.homepage).protocol).toBe('https:')
      for (const link of [wallet.mobile, wallet.desktop, wallet.webapp])
        if (link !== null) expect(link).toMatch(/^[a-z][a-z0-9+.-]*:\/\/\S*$/)
      if (wallet.rdns !== null) expect(wallet.rdns).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
    }
  })

  test('behavior: a wallet whose id is already listed is dropped (de-duplicated by id)', () => {
    const [first, second] = CURATED_WALLETS
    const entries = buildCatalogue([first!, second!, { ...first!, name: 'MetaMask again' }])
    expect(entries.map((e) => e.name)).toEqual(['MetaMask', 'Trust Wallet'])
  })
})
