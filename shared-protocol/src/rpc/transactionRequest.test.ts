import { describe, expect, test } from 'vitest'
import { transactionTypeOf } from './transactionRequest.ts'
import { checkRpcCall } from './validate.ts'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SLOT = `0x${'00'.repeat(31)}01`

/** What eth_sendTransaction's validation answers for `tx`: the parsed params, or the -32602's message. */
function send(tx: Record<string, unknown>) {
  try {
    return { ok: true, params: checkRpcCall({ method: 'eth_sendTransaction', params: [tx] }).params }
  } catch (error) {
    const { code, message } = error as { code: number; message: string }
    return { ok: false, code, message }
  }
}

describe('eth_sendTransaction params', () => {
  test.each([
    ['gasPrice only', { to: TO, gasPrice: '0x3b9aca00' }],
    ['type 0x0 with gasPrice', { to: TO, type: '0x0', gasPrice: '0x1' }],
    [
      'type 0x1 with an access list',
      { to: TO, type: '0x1', accessList: [{ address: TO, storageKeys: [SLOT] }] },
    ],
    ['gasPrice with an access list', { to: TO, gasPrice: '0x1', accessList: [] }],
    [
      'type 0x2 with both 1559 fees',
      { to: TO, type: '0x2', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' },
    ],
    [
      '1559 fees with an access list',
      { to: TO, maxFeePerGas: '0x2', accessList: [{ address: TO, storageKeys: [] }] },
    ],
    ['no fee field, no type', { to: TO, value: '0x1' }],
    ['type as 0x02', { to: TO, type: '0x02' }],
    ['gasLimit for gas', { to: TO, gasLimit: '0x5208' }],
    ['gas and gasLimit the same', { to: TO, gas: '0x5208', gasLimit: '0x05208' }],
  ])('default: %s is accepted as given', (_name, tx) => {
    expect(send(tx)).toEqual({ ok: true, params: [tx] })
  })

  test.each([
    [
      'type 0x0 with maxFeePerGas',
      { to: TO, type: '0x0', maxFeePerGas: '0x1' },
      'parameter 1 (transaction) field maxFeePerGas: maxFeePerGas is for EIP-1559 (type 0x2) transactions, not type 0x0 (legacy): give gasPrice',
    ],
    [
      'type 0x1 with maxPriorityFeePerGas',
      { to: TO, type: '0x1', gasPrice: '0x1', maxPriorityFeePerGas: '0x1' },
      'parameter 1 (transaction) field maxPriorityFeePerGas: maxPriorityFeePerGas is for EIP-1559 (type 0x2) transactions, not type 0x1 (access list): give gasPrice',
    ],
    [
      'type 0x2 with gasPrice',
      { to: TO, type: '0x2', gasPrice: '0x1' },
      'parameter 1 (transaction) field gasPrice: gasPrice is for legacy and access-list transactions, not type 0x2 (EIP-1559): give maxFeePerGas and maxPriorityFeePerGas',
    ],
    [
      'gasPrice together with maxFeePerGas',
      { to: TO, gasPrice: '0x1', maxFeePerGas: '0x1' },
      'parameter 1 (transaction) field maxFeePerGas: gasPrice and maxFeePerGas cannot be given together: gasPrice prices a legacy or access-list transaction, maxFeePerGas an EIP-1559 one',
    ],
    [
      'an unknown type (0x3, a blob transaction)',
      { to: TO, type: '0x3' },
      'parameter 1 (transaction) field type: type 0x3 is not a transaction type this wallet signs: use 0x0 (legacy), 0x1 (access list) or 0x2 (EIP-1559)',
    ],
    [
      'a legacy transaction with an access list',
      { to: TO, type: '0x0', accessList: [] },
      'parameter 1 (transaction) field accessList: accessList needs an access-list (0x1) or EIP-1559 (0x2) transaction, not type 0x0 (legacy)',
    ],
    [
      'an access list entry without an address',
      { to: TO, accessList: [{ storageKeys: [] }] },
      'parameter 1 (transaction) field accessList[0].address is missing',
    ],
    [
      'a storage key that is not 32 bytes',
      { to: TO, accessList: [{ address: TO, storageKeys: ['0x01'] }] },
      'parameter 1 (transaction) field accessList[0].storageKeys[0] must be a 32-byte storage key',
    ],
    [
      'gas and gasLimit that differ',
      { to: TO, gas: '0x5208', gasLimit: '0x5209' },
      'parameter 1 (transaction) field gasLimit: gas and gasLimit differ: give one of them, or both the same',
    ],
  ])('error: %s answers -32602 naming the parameter', (_name, tx, message) => {
    expect(send(tx)).toEqual({
      ok: false,
      code: -32602,
      message: `Invalid params for eth_sendTransaction: ${message}`,
    })
  })

  test('behavior: eth_call and eth_estimateGas take the same object, access list included, and pass no gasLimit on', () => {
    const tx = { to: TO, data: '0x', accessList: [{ address: TO, storageKeys: [SLOT] }] }
    expect(checkRpcCall({ method: 'eth_call', params: [tx, 'latest'] }).params).toEqual([tx, 'latest'])
    expect(checkRpcCall({ method: 'eth_estimateGas', params: [tx] }).params).toEqual([tx])
    // gasLimit is the wallet's alias for a transaction to sign; the node gets the object it knows.
    expect(checkRpcCall({ method: 'eth_call', params: [{ ...tx, gasLimit: '0x1' }] }).params).toEqual([tx])
  })
})

describe('transactionTypeOf', () => {
  test('default: 0x0, 0x1 and 0x2 (any leading zeros) name legacy, access list and EIP-1559; others none', () => {
    expect(['0x0', '0x1', '0x2', '0x00', '0x02'].map(transactionTypeOf)).toEqual([
      'legacy',
      'eip2930',
      'eip1559',
      'legacy',
      'eip1559',
    ])
    expect(['0x3', '0x4', '0x7e', '0xffffffffffffffffffff'].map(transactionTypeOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})
