/**
 * Unlocking the key for a signature, as far as a person or a dApp can tell: how many requests reach the
 * frame's server (none right after a login, one after a reload), the 15 idle minutes an auth share stays
 * in memory, and what happens when the server will not release the share for a login older than 15 minutes
 * (the frame asks for a mailed code, `freshFactor.test.ts`; here the person cancels it). Against the real server app (harness; the test moves its clock and the frame's together) and
 * the devstack's real anvil chains. The approval step is played by the test, as in `rpcRequest.test.ts`.
 */
import { type DevChains, fund, startChains } from '@keyframe/devstack'
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { createPublicClient, type Hex, http, toHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { FrameChain } from '../../server/chains.ts'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { type Approver, approver, frameChainOf, loggedInFrame, type openFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const MINUTE = 60_000
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'

let harness: Harness
let dev: DevChains
let chains: FrameChain[]
let person: Approver

beforeAll(async () => {
  dev = await startChains()
  harness = await createHarness()
  chains = dev.chains.map(frameChainOf)
  person = approver()
})

/** The person at the frame's code prompt, who always cancels. */
const cancels = {
  asked: [] as string[],
  closed: 0,
  prompter: {
    async ask(kind: string): Promise<string> {
      cancels.asked.push(kind)
      throw new UserRejectedRequestError()
    },
    close() {
      cancels.closed++
    },
  },
}
afterAll(async () => {
  await Promise.all([harness?.close(), dev?.close()])
})
afterEach(() => {
  vi.useRealTimers()
})

const newEmail = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`
const logIn = (email: string) =>
  loggedInFrame(harness, email, { chains, approver: person, prompter: cancels.prompter })
/** Past the server's 30 s resend cooldown, before another login with the same address. */
const afterCooldown = () => harness.advance(31_000)

/** Signs a new message with personal_sign and checks the signature; returns the server calls it made. */
async function signs(frame: ReturnType<typeof openFrame>, address: `0x${string}`): Promise<string[]> {
  const calls = frame.serverCalls.length
  const message = `hello ${crypto.randomUUID()}`
  const reply = await frame.rpc('personal_sign', [toHex(message), address])
  if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`)
  expect(await verifyMessage({ address, message, signature: reply.result as Hex })).toBe(true)
  return frame.serverCalls.slice(calls)
}

describe('unlock', () => {
  test('default: right after a login, a signature needs no request (new wallet, this storage again, a new one)', async () => {
    const email = newEmail('login')
    const first = await logIn(email)
    expect(await signs(first, first.address)).toEqual([])

    // The same storage again: the login fetched the auth share to check the wallet, and keeps it.
    await first.ok('SIGN_OUT')
    expect(first.ctx.rpc.authShares.size).toBe(0)
    afterCooldown()
    await first.logIn(email)
    expect(await signs(first, first.address)).toEqual([])

    // Another storage partition: the wallet is rebuilt from recovery and re-split; the new auth share is kept.
    afterCooldown()
    const second = await logIn(email)
    expect(second.address).toBe(first.address)
    expect(await signs(second, second.address)).toEqual([])
  })

  test("default: after a reload, the first signature costs one request (the session device's auth share), the next none", async () => {
    const frame = await logIn(newEmail('reload'))
    const page = frame.reload()
    expect(await page.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    const { deviceId } = page.ctx.state.session!
    expect(deviceId).toBe(frame.ctx.state.session!.deviceId)
    expect(await signs(page, frame.address)).toEqual([`/api/shares/device/${deviceId}`])
    expect(await signs(page, frame.address)).toEqual([])
  })

  test('behavior: the auth share stays 15 idle minutes at most; then a login older than 15 minutes needs a mailed code (cancelled: 4001) and nothing is signed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    /** Time passes for the server and the frame alike. */
    const passes = (ms: number) => {
      harness.advance(ms)
      vi.setSystemTime(Date.now() + ms)
    }
    const frame = await logIn(newEmail('idle'))
    await fund(dev.chains, frame.address)
    const node = createPublicClient({ transport: http(dev.chains[0]!.rpcUrl) })

    // Each signature restarts the idle time: the cached share still signs when the login is 28 minutes old.
    passes(14 * MINUTE)
    expect(await signs(frame, frame.address)).toEqual([])
    passes(14 * MINUTE)
    expect(await signs(frame, frame.address)).toEqual([])

    passes(15 * MINUTE)
    const nonce = await node.getTransactionCount({ address: frame.address })
    const received = await node.getBalance({ address: RECIPIENT })
    const seen = person.seen.length
    const calls = frame.serverCalls.length
    for (const [method, params] of [
      ['personal_sign', [toHex('too late'), frame.address]],
      ['eth_sendTransaction', [{ to: RECIPIENT, value: '0x1' }]],
    ] as const) {
      expect(await frame.rpc(method, params)).toEqual({
        ok: false,
        error: { code: 4001, message: 'User rejected the request.' },
      })
      afterCooldown()
    }
    // The person approved both, then cancelled the code; the server released nothing, so nothing was signed
    // or sent.
    expect(person.seen.length - seen).toBe(2)
    expect(cancels.asked).toEqual(['enter_code', 'enter_code'])
    expect(cancels.closed).toBe(2)
    const deviceId = frame.ctx.state.session!.deviceId
    expect(frame.serverCalls.slice(calls)).toEqual([
      `/api/shares/device/${deviceId}`,
      '/api/session/factor',
      `/api/shares/device/${deviceId}`,
      '/api/session/factor',
    ])
    expect(frame.ctx.rpc.authShares.size).toBe(0)
    expect(await node.getTransactionCount({ address: frame.address })).toBe(nonce)
    expect(await node.getBalance({ address: RECIPIENT })).toBe(received)
  })
})
