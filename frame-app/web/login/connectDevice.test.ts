/**
 * CONNECT_DEVICE in the frame, against the real server app: this storage kept its session but lost its
 * device key (IndexedDB wiped), CONNECT_EMAIL answers VERIFY_DEVICE, the mailed link is approved, and the
 * frame's polls — each signed by its new device key over a fresh nonce — take the new session; the wallet is
 * rebuilt for the new device and signs.
 */
import { IDBFactory } from 'fake-indexeddb'
import { type Hex, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createHarness, type Harness, linkIn } from '../../server/testing/harness.ts'
import { approver, openFrame } from '../rpc/testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

let harness: Harness
beforeAll(async () => {
  harness = await createHarness()
})
afterAll(() => harness?.close())

test('a storage whose device key was wiped: VERIFY_DEVICE, the link approved, then signed polls take the new session and the wallet signs', async () => {
  const email = `device-${crypto.randomUUID().slice(0, 8)}@example.com`
  // personal_sign asks no node: the chain only has to be configured.
  const chain = {
    id: 31337,
    name: 'Local',
    rpcUrl: 'http://127.0.0.1:9',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  }
  const options = { chains: [chain], approver: approver() }
  const storage = new Map<string, string>()
  const first = openFrame(harness, { storage, indexedDB: new IDBFactory() }, options)
  await first.logIn(email)
  const address = first.ctx.state.session!.address as `0x${string}`

  // The same partition's token, a new IndexedDB: a new device key.
  harness.advance(31_000)
  const frame = openFrame(harness, { storage, indexedDB: new IDBFactory() }, options)
  expect(await frame.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
  const link = linkIn(await harness.mail.waitFor(email, { subject: 'Approve' }))
  const waiting = frame.send('CONNECT_DEVICE')
  const approve = await harness.app.request('http://localhost/approve-device', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      c: link.searchParams.get('c') ?? '',
      t: link.searchParams.get('t') ?? '',
    }).toString(),
  })
  expect(await approve.text()).toContain('Device approved')
  expect(await waiting).toEqual({ ok: true, result: null })

  // Every poll was signed: a nonce before each call.
  const calls = frame.serverCalls
  const polls = calls.flatMap((path, i) => (path === '/api/auth/email/device' ? [calls[i - 1]] : []))
  expect(polls.length).toBeGreaterThan(0)
  expect(polls.every((previous) => previous === '/api/auth/nonce')).toBe(true)

  expect(frame.ctx.state.session?.address).toBe(address)
  const message = 'after a new device key'
  const signed = await frame.rpc('personal_sign', [toHex(message), address])
  if (!signed.ok) throw new Error(`refused: ${JSON.stringify(signed.error)}`)
  expect(await verifyMessage({ address, message, signature: signed.result as Hex })).toBe(true)
})
