import { describe, expect, test } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor.ts'

describe('cursor', () => {
  test('default: a cursor reads back as the key it was made from', () => {
    const key = { time: 1_764_000_000_000, chainId: 31337, blockNumber: 12, txIndex: 3 }
    const cursor = encodeCursor(key)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(key)
  })

  test('error: anything the server did not make is no cursor', () => {
    expect(decodeCursor('')).toBeUndefined()
    expect(decodeCursor('not a cursor!')).toBeUndefined()
    expect(decodeCursor(Buffer.from('1.2.3').toString('base64url'))).toBeUndefined()
    expect(decodeCursor(Buffer.from('1.2.3.-4').toString('base64url'))).toBeUndefined()
    expect(decodeCursor(Buffer.from('50').toString('base64url'))).toBeUndefined()
  })
})
