import { DEFAULT_ONRAMP_OPTIONS, type OnrampOptions } from '@keyframe/protocol/chain-api/onramp'
import { describe, expect, test } from 'vitest'
import type { Network } from '../../../core/network.ts'
import { amountError, buyableOn, buyNetworksOf, isQuotable, limitsOf } from './buyOptions.ts'

const LOCAL: Network = {
  id: 31337,
  name: 'Keyframe Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  isSupported: true,
}
const net = (name: string, display_name: string, contract_address = '') => ({
  name,
  display_name,
  chain_id: name.split(':')[1]!,
  contract_address,
})
const OPTIONS: OnrampOptions = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '20', max: '500' },
        { id: 'bank', min: '10', max: '25000' },
      ],
    },
  ],
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [net('eip155:31337', 'Keyframe Local'), net('eip155:31338', 'Keyframe Local 2')],
    },
    {
      id: 'kUSD',
      name: 'Keyframe USD',
      symbol: 'kUSD',
      networks: [net('eip155:31338', 'Keyframe Local 2', '0xk')],
    },
  ],
}

describe('buyableOn', () => {
  test('default: the assets sold on the connected network, each with that network', () => {
    expect(buyableOn(OPTIONS, LOCAL)).toEqual([
      { id: 'ETH', name: 'Ether', symbol: 'ETH', network: net('eip155:31337', 'Keyframe Local') },
    ])
  })

  test('behavior: a network where nothing is sold gives nothing, and the networks where something is', () => {
    expect(buyableOn(OPTIONS, { ...LOCAL, caipNetworkId: 'eip155:1', name: 'Ethereum' })).toEqual([])
    expect(buyNetworksOf(OPTIONS)).toEqual(['Keyframe Local', 'Keyframe Local 2'])
  })

  test('behavior: with the built-in fallback (nothing to buy anywhere), the network’s native currency', () => {
    expect(buyableOn(DEFAULT_ONRAMP_OPTIONS, LOCAL)).toEqual([
      { id: 'ETH', name: 'Ether', symbol: 'ETH', network: net('eip155:31337', 'Keyframe Local') },
    ])
  })
})

describe('limitsOf', () => {
  test('default: the limits the options give for the currency and method', () => {
    expect(limitsOf(OPTIONS, 'USD', 'card')).toEqual({ min: 20, max: 500 })
  })

  test('behavior: the built-in fallback gives card 10–7500 and bank 10–25000 (SPEC §8)', () => {
    expect(limitsOf(DEFAULT_ONRAMP_OPTIONS, 'EUR', 'card')).toEqual({ min: 10, max: 7500 })
    expect(limitsOf(DEFAULT_ONRAMP_OPTIONS, 'EUR', 'bank')).toEqual({ min: 10, max: 25000 })
  })

  test('behavior: a currency or method the options do not list falls back to the spec’s defaults', () => {
    expect(limitsOf(OPTIONS, 'EUR', 'bank')).toEqual({ min: 10, max: 25000 })
  })
})

describe('amountError', () => {
  const card = { min: 10, max: 7500 }
  test('default: an amount within the limits is fine, an empty field is no error but cannot be quoted', () => {
    expect(amountError('100', card, 'USD', 'card')).toBeUndefined()
    expect(amountError('49.99', card, 'USD', 'card')).toBeUndefined()
    expect(amountError('', card, 'USD', 'card')).toBeUndefined()
    expect(isQuotable('', card, 'USD', 'card')).toBe(false)
    expect(isQuotable(' 100 ', card, 'USD', 'card')).toBe(true)
  })

  test('error: outside the limits, in chain-api’s words', () => {
    expect(amountError('9.99', card, 'USD', 'card')).toBe(
      'Amount must be between 10 and 7500 USD for card payments',
    )
    expect(amountError('7500.01', card, 'EUR', 'card')).toBe(
      'Amount must be between 10 and 7500 EUR for card payments',
    )
  })

  test('error: not an amount with at most 2 decimals', () => {
    for (const text of ['1.005', 'abc', '-5', '1e3', '10,5'])
      expect(amountError(text, card, 'USD', 'card')).toBe('Expected an amount with at most 2 decimals')
  })
})
