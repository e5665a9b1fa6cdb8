/**
 * Unlocking the key for a signature, as far as a person or a dApp can tell: how many requests reach the
 * frame's server (none right after a login, a nonce and a device-signed release after a reload), the 15
 * idle minutes an auth share stays in memory, and that an old login signs without a mailed code (the
 * person at the prompt would cancel, and is never asked). Against the real server app (harness; the test
 * moves its clock and the frame's together) and
 * the devstack's real anvil chains. The approval step is played by the test, as in `rpcRequest.test.ts`.
 */
import { type DevChains, startChains } from '@keyframe/dev-fixtures'
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import { type Hex, toHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { type Approver, approver, frameChainOf, loggedInFrame, type openFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const MINUTE = 60_000

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

  test("default: after a reload, the first signature costs one release (a nonce, then the session device's auth share, signed by its key), the next none", async () => {
    const frame = await logIn(newEmail('reload'))
    const page = frame.reload()
    expect(await page.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    const { deviceId } = page.ctx.state.session!
    expect(deviceId).toBe(frame.ctx.state.session!.deviceId)
    expect(await signs(page, frame.address)).toEqual(['/api/auth/nonce', `/api/shares/device/${deviceId}`])
    expect(await signs(page, frame.address)).toEqual([])
  })

  test('behavior: the auth share stays 15 idle minutes at most; then a login hours old signs after one device-signed release, with no code', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    /** Time passes for the server and the frame alike. */
    const passes = (ms: number) => {
      harness.advance(ms)
      vi.setSystemTime(Date.now() + ms)
    }
    const frame = await logIn(newEmail('idle'))

    // Each signature restarts the idle time: the cached share still signs when the login is 28 minutes old.
    passes(14 * MINUTE)
    expect(await signs(frame, frame.address)).toEqual([])
    passes(14 * MINUTE)
    expect(await signs(frame, frame.address)).toEqual([])

    // 15 idle minutes drop the share; hours later the device's signature gets it again, and nobody is asked.
    passes(15 * MINUTE + 5 * 60 * MINUTE)
    const deviceId = frame.ctx.state.session!.deviceId
    expect(await signs(frame, frame.address)).toEqual(['/api/auth/nonce', `/api/shares/device/${deviceId}`])
    expect(cancels.asked).toEqual([])
  })
})
