import { describe, expect, test } from 'vitest'
import { catalogue } from './catalogue.ts'
import { commaList, findWallets } from './findWallets.ts'

const names = (result: { data: { name: string }[] }) => result.data.map((w) => w.name)
const idOf = (name: string) => catalogue().find((w) => w.name === name)!.id
const all = () => catalogue()

describe('findWallets', () => {
  test('default: page 1 of 40, count of all', () => {
    const result = findWallets(all(), {})
    expect(result.count).toBe(all().length)
    expect(result.data).toHaveLength(Math.min(40, all().length))
  })

  test('parameters: page and entries', () => {
    const first = findWallets(all(), { page: 1, entries: 10 })
    const second = findWallets(all(), { page: 2, entries: 10 })
    const beyond = findWallets(all(), { page: 100, entries: 10 })
    expect(first.data).toHaveLength(10)
    expect(second.data[0]).toEqual(all()[10])
    expect(new Set([...names(first), ...names(second)]).size).toBe(20)
    expect(beyond).toEqual({ data: [], count: all().length })
  })

  test('parameters: search is trimmed and case-insensitive on the name', () => {
    expect(names(findWallets(all(), { search: '  metaMASK ' }))).toEqual(['MetaMask'])
    const wallets = findWallets(all(), { search: 'wallet' })
    expect(wallets.count).toBe(wallets.data.length)
    expect(names(wallets)).toContain('Trust Wallet')
    expect(names(wallets).every((n) => n.toLowerCase().includes('wallet'))).toBe(true)
    expect(findWallets(all(), { search: '   ' }).count).toBe(all().length)
    expect(findWallets(all(), { search: 'no such wallet' })).toEqual({ data: [], count: 0 })
  })

  test('parameters: include keeps only those ids (in catalogue order), exclude removes them', () => {
    const include = [idOf('Rabby'), idOf('MetaMask'), idOf('MetaMask')]
    expect(names(findWallets(all(), { include }))).toEqual(['MetaMask', 'Rabby'])
    const excluded = findWallets(all(), { exclude: [idOf('MetaMask')] })
    expect(excluded.count).toBe(all().length - 1)
    expect(names(excluded)).not.toContain('MetaMask')
    expect(findWallets(all(), { include, exclude: [idOf('Rabby')] }).data.map((w) => w.name)).toEqual([
      'MetaMask',
    ])
  })

  test('parameters: chains keeps wallets supporting any of them', () => {
    const solana = findWallets(all(), { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    expect(names(solana)).toContain('Phantom')
    expect(names(solana)).not.toContain('MetaMask')
    const polkadotOrAvalanche = findWallets(all(), {
      chains: ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'eip155:43114'],
    })
    expect(names(polkadotOrAvalanche)).toEqual(['Core', 'Talisman', 'Enkrypt', 'SubWallet', 'Nova Wallet'])
    expect(findWallets(all(), { chains: ['eip155:31337'] })).toEqual({ data: [], count: 0 })
  })

  test('parameters: badge_type (this catalogue certifies none)', () => {
    expect(findWallets(all(), { badgeType: 'none' }).count).toBe(all().length)
    expect(findWallets(all(), { badgeType: 'certified' })).toEqual({ data: [], count: 0 })
  })

  test('behavior: an entry listed twice is answered once', () => {
    const metamask = all()[0]!
    const result = findWallets([metamask, metamask, all()[1]!], {})
    expect(result).toEqual({ data: [metamask, all()[1]], count: 2 })
  })

  test('commaList: trims, drops empty items, undefined when empty', () => {
    expect(commaList(' a, b,,c ,')).toEqual(['a', 'b', 'c'])
    expect(commaList('')).toBeUndefined()
    expect(commaList(undefined)).toBeUndefined()
  })
})
