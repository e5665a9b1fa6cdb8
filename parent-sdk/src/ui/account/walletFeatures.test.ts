import { expect, test } from 'vitest'
import { featureOfView, walletFeatureRow } from './walletFeatures.ts'

const ALL_ON = { onramp: true, swaps: true, receive: true, send: true }

test('SPEC §9 order: onramp, swaps, receive, send', () => {
  expect(walletFeatureRow(ALL_ON, true)).toEqual(['onramp', 'swaps', 'receive', 'send'])
})

test('a feature turned off is left out, the others keep their order', () => {
  expect(walletFeatureRow({ ...ALL_ON, swaps: false }, true)).toEqual(['onramp', 'receive', 'send'])
  expect(walletFeatureRow({ ...ALL_ON, onramp: false, send: false }, true)).toEqual(['swaps', 'receive'])
})

test('without chain-api, Buy and Swap are not offered; Receive and Send are', () => {
  expect(walletFeatureRow(ALL_ON, false)).toEqual(['receive', 'send'])
})

test('each feature view maps back to its feature; other views to none', () => {
  expect(featureOfView('Swap')).toBe('swaps')
  expect(featureOfView('Buy')).toBe('onramp')
  expect(featureOfView('Account')).toBeUndefined()
})
