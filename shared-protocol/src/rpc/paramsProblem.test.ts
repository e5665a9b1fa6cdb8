import { describe, expect, test } from 'vitest'
import { InvalidParamsError } from '../errors/rpc.ts'
import { invalidRpcParams } from './paramsProblem.ts'
import { checkRpcCall } from './validate.ts'

const ADDRESS = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

/** The -32602 message a dApp reads for these params. */
function messageFor(method: string, params: unknown): string {
  try {
    checkRpcCall({ method, params })
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParamsError)
    return (error as InvalidParamsError).message
  }
  throw new Error(`${method} accepted ${JSON.stringify(params)}`)
}

describe('-32602 in words (issue 13)', () => {
  test('behavior: the parameter is named by position and by what it is', () => {
    expect(messageFor('eth_getCode', ['0xabc'])).toBe(
      'Invalid params for eth_getCode: parameter 1 (address) must be a 0x-prefixed 20-byte address',
    )
    expect(messageFor('eth_getProof', [ADDRESS, ['0x01'], 'latest'])).toBe(
      'Invalid params for eth_getProof: parameter 2 (storage keys) field [0] must be a 0x-prefixed 32-byte hash',
    )
  })

  test('behavior: a field inside a parameter is named with its path', () => {
    expect(messageFor('eth_estimateGas', [{ to: ADDRESS, gas: 21000 }])).toBe(
      'Invalid params for eth_estimateGas: parameter 1 (transaction) field gas must be a string',
    )
    expect(messageFor('wallet_getAssets', [{ account: ADDRESS, chainFilter: ['1'] }])).toBe(
      'Invalid params for wallet_getAssets: parameter 1 (request) field chainFilter[0] must be a hex quantity',
    )
  })

  test('behavior: a missing parameter, too many, and params that are not a list', () => {
    expect(messageFor('eth_getTransactionByBlockHashAndIndex', [`0x${'0'.repeat(64)}`])).toBe(
      'Invalid params for eth_getTransactionByBlockHashAndIndex: parameter 2 (transaction index) is missing',
    )
    expect(messageFor('eth_getBlockByHash', [])).toBe(
      'Invalid params for eth_getBlockByHash: parameter 1 (block hash) is missing',
    )
    expect(messageFor('eth_blockNumber', ['latest'])).toBe(
      'Invalid params for eth_blockNumber: takes no parameters',
    )
    expect(messageFor('eth_getLogs', undefined)).toBe('Invalid params for eth_getLogs: params must be a list')
  })

  test('behavior: methods whose params are an object name the field (solana)', () => {
    expect(messageFor('solana_signTransaction', { transaction: '' })).toBe(
      'Invalid params for solana_signTransaction: field transaction must have at least 1 character',
    )
    expect(messageFor('solana_signMessage', { pubkey: 'x' })).toBe(
      'Invalid params for solana_signMessage: field message is missing',
    )
  })

  test('behavior: invalidRpcParams words a rule found while answering as the schema issues are', () => {
    const error = invalidRpcParams('wallet_watchAsset', [
      { path: ['options', 'address'], message: 'Invalid address' },
    ])
    expect(error.message).toBe(
      'Invalid params for wallet_watchAsset: field options.address must be a 0x-prefixed 20-byte address',
    )
    expect(
      invalidRpcParams('wallet_sendCalls', [{ path: [0, 'chainId'], message: 'Not the chain in use' }])
        .message,
    ).toBe('Invalid params for wallet_sendCalls: parameter 1 (batch) field chainId: Not the chain in use')
    expect(error.data).toEqual({ issues: [{ path: ['options', 'address'], message: 'Invalid address' }] })
  })

  test('default: the issues stay in data, each with its path', () => {
    try {
      checkRpcCall({ method: 'eth_getBalance', params: ['0x12', 'latest'] })
    } catch (error) {
      expect((error as InvalidParamsError).data).toEqual({
        issues: [{ path: [0], message: 'Invalid address' }],
      })
      return
    }
    throw new Error('accepted')
  })
})
