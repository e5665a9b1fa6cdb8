import { describe, expect, test } from 'vitest'
import { validateSend } from './send.ts'

const token = { symbol: 'SOL', quantity: { decimals: '9', numeric: '2' } }
const receiverAddress = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

describe('validateSend', () => {
  test('default', () => {
    expect(validateSend({ namespace: 'solana', token, amount: 0.5, receiverAddress })).toEqual({ ok: true })
    expect(validateSend({ namespace: 'eip155', token, amount: '0.5', receiverAddress: '0x01' })).toEqual({
      ok: true,
    })
  })

  test('error: solana without amount or receiver', () => {
    expect(
      validateSend({ namespace: 'solana', token, amount: undefined, receiverAddress }),
    ).toMatchInlineSnapshot(`
      {
        "message": "Please enter a valid amount and receiver address",
        "ok": false,
      }
    `)
    expect(validateSend({ namespace: 'solana', token, amount: 1, receiverAddress: undefined })).toEqual({
      ok: false,
      message: 'Please enter a valid amount and receiver address',
    })
  })

  test('error: invalid amount or blank receiver', () => {
    for (const amount of [0, -1, '', ' ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])
      expect(validateSend({ namespace: 'eip155', token, amount, receiverAddress }), String(amount)).toEqual({
        ok: false,
        message: 'Please enter a valid amount and receiver address',
      })
    expect(validateSend({ namespace: 'eip155', token, amount: 1, receiverAddress: '  ' })).toEqual({
      ok: false,
      message: 'Please enter a valid amount and receiver address',
    })
  })

  test('error: no token', () => {
    expect(
      validateSend({ namespace: 'eip155', token: undefined, amount: 1, receiverAddress }),
    ).toMatchInlineSnapshot(`
      {
        "message": "Please select a token to send",
        "ok": false,
      }
    `)
  })

  test('error: namespace other than eip155 or solana', () => {
    expect(validateSend({ namespace: 'bip122', token, amount: 1, receiverAddress })).toMatchInlineSnapshot(`
      {
        "message": "Unsupported chain",
        "ok": false,
      }
    `)
    expect(validateSend({ namespace: undefined, token, amount: 1, receiverAddress })).toEqual({
      ok: false,
      message: 'Unsupported chain',
    })
  })
})
