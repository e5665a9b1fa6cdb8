import { describe, expect, test } from 'vitest'
import { nativeTransfersFromTraces, nativeTransfersFromValues, type Trace } from './nativeTransfers.ts'

const a = '0x00000000000000000000000000000000000000aa'
const b = '0x00000000000000000000000000000000000000bb'
const c = '0x00000000000000000000000000000000000000cc'
const tx1 = '0x01'
const tx2 = '0x02'
const call = (
  from: string,
  to: string,
  value: string,
  traceAddress: number[],
  extra: Partial<Trace> = {},
): Trace => ({
  type: 'call',
  action: { from, to, value, callType: 'call' },
  traceAddress,
  transactionHash: tx1,
  ...extra,
})

describe('nativeTransfersFromTraces', () => {
  test('default: the transaction value and internal payments, in call order', () => {
    const traces = [call(a, b, '0x10', []), call(b, c, '0x0', [0]), call(b, a, '0x5', [1])]
    expect(nativeTransfersFromTraces(traces, new Set())).toEqual([
      { txHash: tx1, logIndex: -1, from: a, to: b, amount: '16' },
      { txHash: tx1, logIndex: -2, from: b, to: a, amount: '5' },
    ])
  })

  test('behavior: a failed call and everything under it moved nothing, nor did a reverted transaction', () => {
    const traces = [
      call(a, b, '0x1', []),
      call(b, c, '0x2', [0], { error: 'Reverted' }),
      call(c, a, '0x3', [0, 0]),
      call(b, a, '0x4', [1]),
      call(a, c, '0x9', [], { transactionHash: tx2 }),
    ]
    expect(nativeTransfersFromTraces(traces, new Set([tx2]))).toEqual([
      { txHash: tx1, logIndex: -1, from: a, to: b, amount: '1' },
      { txHash: tx1, logIndex: -2, from: b, to: a, amount: '4' },
    ])
  })

  test('behavior: delegatecalls move nothing; creations and self-destructs do', () => {
    const traces: Trace[] = [
      {
        type: 'call',
        action: { from: a, to: b, value: '0x7', callType: 'delegatecall' },
        traceAddress: [],
        transactionHash: tx1,
      },
      {
        type: 'create',
        action: { from: a, value: '0x8' },
        result: { address: c },
        traceAddress: [0],
        transactionHash: tx1,
      },
      {
        type: 'suicide',
        action: { address: c, refundAddress: b, balance: '0x8' },
        traceAddress: [1],
        transactionHash: tx1,
      },
      // A block reward has no transaction.
      { type: 'reward', action: { value: '0x1' }, traceAddress: [], transactionHash: null },
    ]
    expect(nativeTransfersFromTraces(traces, new Set())).toEqual([
      { txHash: tx1, logIndex: -1, from: a, to: c, amount: '8' },
      { txHash: tx1, logIndex: -2, from: c, to: b, amount: '8' },
    ])
  })
})

describe('nativeTransfersFromValues', () => {
  test('default: the value of each successful transaction that has one', () => {
    expect(
      nativeTransfersFromValues([
        { hash: tx1, from: a, to: b, value: '3', status: 'success' },
        { hash: tx2, from: a, to: b, value: '4', status: 'reverted' },
        { hash: '0x03', from: a, to: b, value: '0', status: 'success' },
      ]),
    ).toEqual([{ txHash: tx1, logIndex: -1, from: a, to: b, amount: '3' }])
  })
})
