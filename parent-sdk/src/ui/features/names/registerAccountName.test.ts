import { describe, expect, test } from 'vitest'
import { ChainApiError } from '../../../api/chainApiError.ts'
import { registrationErrorText } from './registerAccountName.ts'

describe('registrationErrorText (SPEC §8)', () => {
  test('behavior: a refused signature is "Signature declined"', () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    expect(registrationErrorText(rejected, 'alice.keyframe.id')).toBe('Signature declined')
  })
  test('behavior: the provider’s reason when it gave one', () => {
    const taken = new ChainApiError(409, 'name_taken', 'Name is already registered: alice.keyframe.id')
    expect(registrationErrorText(taken, 'alice.keyframe.id')).toBe(
      'Name is already registered: alice.keyframe.id',
    )
  })
  test('default: "Error registering name {name}" when there is no reason of the server’s', () => {
    for (const error of [
      new ChainApiError(0, 'network_error', 'fetch failed'),
      new ChainApiError(502, 'http_error', 'HTTP status code: 502'),
      new Error('Invalid chainId'),
      undefined,
    ])
      expect(registrationErrorText(error, 'alice.keyframe.id')).toBe(
        'Error registering name alice.keyframe.id',
      )
  })
})
