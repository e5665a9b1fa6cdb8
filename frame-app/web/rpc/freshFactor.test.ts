/**
 * A signature after the login went stale: the frame's auth-share cache is empty (a reload) and the
 * session's last fresh factor is older than 15 minutes, so the server refuses the release. The frame then
 * mails a code, asks for it in its prompt (played by the test, reading the real mail), has the server
 * check it and signs. Against the real server app (harness; its clock moves past the freshness window).
 */

import { type DevChains, startChains } from '@keyframe/devstack'
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { type Hex, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { FrameChain } from '../../server/chains.ts'
import { codeIn, createHarness, type Harness } from '../../server/testing/harness.ts'
import type { PassphrasePrompter } from '../wallet/custody.ts'
import { maskEmail } from './freshFactor.ts'
import { approver, frameChainOf, loggedInFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const MINUTE = 60_000

let harness: Harness
let dev: DevChains
let chains: FrameChain[]

beforeAll(async () => {
  dev = await startChains()
  harness = await createHarness()
  chains = dev.chains.map(frameChainOf)
})
afterAll(async () => {
  await Promise.all([harness?.close(), dev?.close()])
})

type Asked = { kind: string; sentTo?: string; error?: string }

/** The person at the frame's prompt: each answer is what they type (or do) at the next ask. */
function person(email: string, ...answers: ('the mailed code' | 'Cancel' | string)[]) {
  const asked: Asked[] = []
  let closed = 0
  const prompter: PassphrasePrompter = {
    async ask(kind, options) {
      asked.push({
        kind,
        ...(options?.sentTo !== undefined && { sentTo: options.sentTo }),
        ...(options?.error !== undefined && { error: options.error }),
      })
      const answer = answers.shift()
      if (answer === undefined) throw new Error('the person has nothing more to type')
      if (answer === 'Cancel') throw new UserRejectedRequestError()
      if (answer === 'the mailed code')
        return codeIn(await harness.mail.waitFor(email, { subject: 'confirmation code' }))
      return answer
    },
    close() {
      closed++
    },
  }
  return { prompter, asked, closed: () => closed }
}

/** A logged-in frame, reloaded (nothing cached), with a login older than 15 minutes. */
async function staleFrame(tag: string, ...answers: Parameters<typeof person>[1][]) {
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`
  const at = person(email, ...answers)
  const approving = approver()
  const frame = await loggedInFrame(harness, email, { chains, approver: approving, prompter: at.prompter })
  const page = frame.reload()
  expect(await page.ok('IS_CONNECTED')).toEqual({ isConnected: true })
  harness.advance(16 * MINUTE)
  const deviceId = page.ctx.state.session!.deviceId
  return { ...at, email, page, approving, address: frame.address, release: `/api/shares/device/${deviceId}` }
}

const sign = (frame: { rpc: (method: string, params?: unknown) => Promise<unknown> }, address: string) => {
  const message = `hello ${crypto.randomUUID()}`
  return { message, reply: frame.rpc('personal_sign', [toHex(message), address]) }
}

describe('fresh factor before a signature', () => {
  test('default: stale → a code is mailed → the person types it → verified → released → signed; the next signature needs nothing', async () => {
    const { page, address, asked, closed, release, email } = await staleFrame('fresh', 'the mailed code')
    const { message, reply } = sign(page, address)
    const answer = (await reply) as { ok: true; result: Hex }
    expect(answer.ok).toBe(true)
    expect(await verifyMessage({ address, message, signature: answer.result })).toBe(true)
    expect(asked).toEqual([{ kind: 'enter_code', sentTo: maskEmail(email) }])
    expect(closed()).toBe(1)
    expect(page.serverCalls.slice(-4)).toEqual([
      release,
      '/api/session/factor',
      '/api/session/factor/verify',
      release,
    ])

    const calls = page.serverCalls.length
    const next = sign(page, address)
    expect(((await next.reply) as { ok: boolean }).ok).toBe(true)
    expect(page.serverCalls.slice(calls)).toEqual([])
  })

  test("error: a wrong code shows the server's message and asks again; the right one then signs", async () => {
    const { page, address, asked, closed } = await staleFrame('wrong', '000000', 'the mailed code')
    const { message, reply } = sign(page, address)
    const answer = (await reply) as { ok: true; result: Hex }
    expect(answer.ok).toBe(true)
    expect(await verifyMessage({ address, message, signature: answer.result })).toBe(true)
    expect(asked.map(({ kind, error }) => ({ kind, error }))).toEqual([
      { kind: 'enter_code', error: undefined },
      { kind: 'enter_code', error: 'Invalid code' },
    ])
    expect(closed()).toBe(1)
  })

  test('behavior: Cancel → 4001, nothing is signed, the prompt is closed, the factor stays stale', async () => {
    const { page, address, closed, release } = await staleFrame('cancel', 'Cancel')
    expect(await sign(page, address).reply).toEqual({
      ok: false,
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(closed()).toBe(1)
    expect(page.serverCalls.slice(-2)).toEqual([release, '/api/session/factor'])
    expect(page.ctx.rpc.authShares.size).toBe(0)
  })

  test("error: no code can be mailed yet (resend cooldown) → the request fails with the server's wording; no prompt", async () => {
    const { page, address, asked } = await staleFrame('cooldown', 'Cancel')
    expect(await sign(page, address).reply).toMatchObject({ ok: false, error: { code: 4001 } })
    harness.advance(10_000)
    expect(await sign(page, address).reply).toEqual({
      ok: false,
      error: { code: -32043, message: 'Please try again after 20 seconds', data: { seconds: 20 } },
    })
    expect(asked).toHaveLength(1)
  })
})

describe('the approved screen, held until the signature', () => {
  /** The approval step holds the screen; each release notes what had happened by then. */
  function holding(frame: Awaited<ReturnType<typeof staleFrame>>) {
    const released: { serverCalls: string[]; asked: number }[] = []
    frame.approving.decides(async (_details, context) => {
      context.hold?.(() =>
        released.push({ serverCalls: [...frame.page.serverCalls], asked: frame.asked.length }),
      )
    })
    return released
  }

  test('behavior: released once, after the refused unlock and before a code is mailed or asked for', async () => {
    const frame = await staleFrame('held', 'the mailed code')
    const released = holding(frame)
    const calls = frame.page.serverCalls.length
    const answer = (await sign(frame.page, frame.address).reply) as { ok: boolean }
    expect(answer.ok).toBe(true)
    expect(released).toHaveLength(1)
    // The unlock was tried (the server refused the share); no code was mailed, the prompt had not asked.
    expect(released[0]!.serverCalls.slice(calls)).toEqual([frame.release])
    expect(released[0]!.asked).toBe(0)
    expect(frame.asked).toHaveLength(1)
  })

  test('behavior: Cancel at the code prompt (4001): released once, before the prompt', async () => {
    const frame = await staleFrame('held-cancel', 'Cancel')
    const released = holding(frame)
    expect(await sign(frame.page, frame.address).reply).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(released).toEqual([{ serverCalls: expect.any(Array), asked: 0 }])
  })
})

describe('maskEmail', () => {
  test('default: the first character and the domain', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('a•••@example.com')
    expect(maskEmail('a@example.com')).toBe('a•••@example.com')
  })
})
