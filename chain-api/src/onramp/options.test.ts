import { DEFAULT_ONRAMP_OPTIONS, onrampOptions } from '@keyframe/protocol/chain-api/onramp'
import { describe, expect, test } from 'vitest'
import { createConfig } from '../config.ts'
import { onrampOptionsOf } from './options.ts'

const KUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const config = createConfig({
  chains: [31337, 31338].map((id) => ({
    id,
    name: `Local ${id}`,
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    testnet: true,
    tokens: [{ address: KUSD, symbol: 'kUSD', name: 'Keyframe USD', decimals: 6 }],
  })),
})

describe('onrampOptionsOf', () => {
  test('default: the USD/EUR limits, and each asset once with its networks', () => {
    const options = onrampOptionsOf(config.chains)
    expect(onrampOptions.safeParse(options).success).toBe(true)
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10', max: '7500' },
          { id: 'bank', min: '10', max: '25000' },
        ],
      },
      {
        id: 'EUR',
        payment_method_limits: [
          { id: 'card', min: '10', max: '7500' },
          { id: 'bank', min: '10', max: '25000' },
        ],
      },
    ])
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'eip155:31337', display_name: 'Local 31337', chain_id: '31337', contract_address: '' },
          { name: 'eip155:31338', display_name: 'Local 31338', chain_id: '31338', contract_address: '' },
        ],
      },
      {
        id: 'kUSD',
        name: 'Keyframe USD',
        symbol: 'kUSD',
        networks: [
          { name: 'eip155:31337', display_name: 'Local 31337', chain_id: '31337', contract_address: KUSD },
          { name: 'eip155:31338', display_name: 'Local 31338', chain_id: '31338', contract_address: KUSD },
        ],
      },
    ])
  })

  test('behavior: nothing configured → the built-in USD/EUR defaults, nothing to buy', () => {
    expect(onrampOptionsOf([])).toEqual(DEFAULT_ONRAMP_OPTIONS)
    // The answer is a copy: changing it leaves the defaults alone.
    onrampOptionsOf([]).paymentCurrencies[0]!.payment_method_limits[0]!.max = '1'
    expect(DEFAULT_ONRAMP_OPTIONS.paymentCurrencies[0]!.payment_method_limits[0]!.max).toBe('7500')
  })
})
