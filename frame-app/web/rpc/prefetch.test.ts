/**
 * The device share read ahead of a signature (`wallet/signer.ts` prefetchDeviceShare): read, still
 * encrypted, while the approval is on screen; decrypted only once approved; dropped when the request ends
 * otherwise. Through `dispatch`, for a frame logged in against the real server app, on the devstack's anvil.
 */

import { type DevChains, startChains } from '@keyframe/dev-fixtures'
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { IDBDatabase as FakeIDBDatabase } from 'fake-indexeddb'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import type { DeviceStore, SealedDeviceShare } from '../wallet/deviceStore.ts'
import { type Approver, approver, frameChainOf, loggedInFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let harness: Harness
let dev: DevChains
let person: Approver
let frame: Awaited<ReturnType<typeof loggedInFrame>>
let store: DeviceStore

/** What the device store was asked, in order: reads (with what they gave) and decryptions (of what). */
let reads: Promise<SealedDeviceShare | undefined>[] = []
let opened: SealedDeviceShare[] = []

beforeAll(async () => {
  dev = await startChains()
  harness = await createHarness()
  person = approver()
  frame = await loggedInFrame(harness, `prefetch-${crypto.randomUUID().slice(0, 8)}@example.com`, {
    chains: dev.chains.map(frameChainOf),
    approver: person,
  })
  store = await frame.store()
  const read = store.readDeviceShare
  store.readDeviceShare = (parameters) => {
    const sealed = read(parameters)
    reads.push(sealed)
    return sealed
  }
  const open = store.openDeviceShare
  store.openDeviceShare = (sealed) => {
    opened.push(sealed)
    return open(sealed)
  }
})
afterAll(async () => {
  await Promise.all([harness?.close(), dev?.close()])
})

/** Counts the IndexedDB transactions this frame's storage starts (the fake database's own method). */
function countTransactions() {
  const spy = vi.spyOn(FakeIDBDatabase.prototype, 'transaction')
  return { count: () => spy.mock.calls.length, stop: () => spy.mockRestore() }
}

function reset() {
  reads = []
  opened = []
}

describe('device share prefetch', () => {
  test('default: read in one transaction while the approval is on screen, decrypted only after it', async () => {
    reset()
    const transactions = countTransactions()
    let onScreen: { reads: number; opened: number; transactions: number } | undefined
    person.decides(async () => {
      await Promise.all(reads)
      onScreen = { reads: reads.length, opened: opened.length, transactions: transactions.count() }
    })
    try {
      const reply = await frame.rpc('personal_sign', ['0x6869', frame.address])
      expect(reply.ok).toBe(true)
      const signature = (reply as { result: Hex }).result
      expect(await verifyMessage({ address: frame.address, message: 'hi', signature })).toBe(true)
      // While the person decided: the encrypted record was read, nothing was decrypted.
      expect(onScreen).toEqual({ reads: 1, opened: 0, transactions: 1 })
      // After the click: that same record decrypted, and no further IndexedDB transaction.
      expect(opened).toEqual([await reads[0]])
      expect(transactions.count()).toBe(1)
    } finally {
      transactions.stop()
      person.decides(async () => {})
    }
  })

  test('behavior: one IndexedDB transaction per signature, for several in a row', async () => {
    reset()
    const transactions = countTransactions()
    try {
      for (const message of ['0x01', '0x02', '0x03'])
        expect((await frame.rpc('personal_sign', [message, frame.address])).ok).toBe(true)
      expect(transactions.count()).toBe(3)
      expect(opened).toHaveLength(3)
    } finally {
      transactions.stop()
    }
  })

  test('error: a rejected approval decrypts nothing, and its record is not used by the next signature', async () => {
    reset()
    person.decides(async () => {
      throw new UserRejectedRequestError()
    })
    const rejected = await frame.rpc('personal_sign', ['0x6e6f', frame.address])
    expect(rejected).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(reads).toHaveLength(1)
    expect(opened).toEqual([])

    person.decides(async () => {})
    expect((await frame.rpc('personal_sign', ['0x6f6b', frame.address])).ok).toBe(true)
    expect(reads).toHaveLength(2)
    expect(opened).toHaveLength(1)
    expect(opened[0]).toBe(await reads[1])
    expect(opened[0]).not.toBe(await reads[0])
  })
})
