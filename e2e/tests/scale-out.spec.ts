/**
 * Two frame servers and two chain-api processes behind HAProxy on one PostgreSQL (support/scaleOut.ts): what
 * one instance counts or stores, the other sees; a killed instance loses nothing; the indexer runs once.
 * HAProxy's `X-Served-By` says which instance answered; its admin socket steers a request to one of them
 * where a test needs to know (`route`). Needs TEST_DATABASE_URL (`scripts/postgres.sh`; `npm test` sets it)
 * and the compiled servers (`npx turbo run build` after changing frame-app/server or chain-api).
 */

import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { DEMO_MESSAGE } from '@keyframe/example-dapp/demoData'
import type { BrowserContext } from '@playwright/test'
import { createPublicClient, createWalletClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { stackLogFile } from '../support/artifacts.ts'
import { libraryResult, runAction } from '../support/demo.ts'
import {
  codeBox,
  codeFromMail,
  expectConnected,
  framePrompt,
  logIn,
  newPassphrase,
  REFUSAL,
  SUBJECT,
  submitEmail,
  typeCode,
  uniqueEmail,
  verify,
} from '../support/email.ts'
import { approve } from '../support/evm.ts'
import { test as base, expect } from '../support/fixtures.ts'
import { GATEWAY_LIMIT, type ScaleOutStack, SERVED_BY, startScaleOut, waitFor } from '../support/scaleOut.ts'

// The file's own stack, stopped when the file is done (a worker fixture would outlive it, idle, for the
// rest of the run); a test gets it as `scale`.
let running: ScaleOutStack | undefined
const test = base.extend<{ scale: ScaleOutStack }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  scale: async ({}, use) => {
    if (!running) throw new Error('The scale-out stack did not start')
    await use(running)
  },
})
// biome-ignore lint/correctness/noEmptyPattern: as above.
test.beforeAll(async ({}, testInfo) => {
  // Two anvils, four server processes and HAProxy on a loaded 2-core machine.
  testInfo.setTimeout(120_000)
  running = await startScaleOut({ logFile: stackLogFile(testInfo.workerIndex, 'scale-out') })
})
test.afterAll(async () => {
  await running?.close()
  running = undefined
})
test.describe.configure({ timeout: 60_000 })

type Served = { method: string; path: string; status: number; by: string }

/** Waits out the last 15 s of a clock hour: the hourly limits count in windows that start on the hour. */
async function awayFromHourEnd(): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000)
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

/** Every answer of the frame's origin in `context`, with the instance HAProxy says gave it. */
function recordFrameAnswers(context: BrowserContext, scale: ScaleOutStack): Served[] {
  const served: Served[] = []
  context.on('response', (response) => {
    if (!response.url().startsWith(`${scale.frameOrigin}/`)) return
    served.push({
      method: response.request().method(),
      path: new URL(response.url()).pathname,
      status: response.status(),
      by: response.headers()[SERVED_BY] ?? '',
    })
  })
  return served
}

/** A call to the frame's login API from Node, through HAProxy, from the loopback address `from`. */
function startLogin(
  scale: ScaleOutStack,
  email: string,
  from = '127.0.0.1',
): Promise<{ status: number; by: string; body: string }> {
  const url = new URL('/api/auth/email/start', scale.frameOrigin)
  const body = JSON.stringify({
    projectId: scale.projectId,
    email,
    devicePublicKey: randomBytes(33).toString('base64url'),
  })
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'Content-Type': 'application/json', Origin: scale.frameOrigin },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, by: String(res.headers[SERVED_BY] ?? ''), body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

test('behavior: the OTP tries of one code count across both frame instances — 5 wrong tries spread over them kill the code for both', async ({
  page,
  scale,
}) => {
  const served = recordFrameAnswers(page.context(), scale)
  const email = uniqueEmail('spread')
  await page.goto(scale.dappUrl)
  await submitEmail(page, email)
  const code = await codeFromMail(scale, email, SUBJECT.login)
  const error = framePrompt(page).getByRole('alert')
  const verifies = () => served.filter((s) => s.method === 'POST' && s.path === '/api/auth/email/verify')

  const [a, b] = scale.frames
  const order = [a, b, a, b, a]
  for (const [i, instance] of order.entries()) {
    await scale.route('frame', instance.name)
    // A wrong code: the right one with its last digit moved on by 1–5.
    await typeCode(page, `${code.slice(0, 5)}${(Number(code[5]) + i + 1) % 10}`)
    await expect.poll(() => verifies().length).toBe(i + 1)
    await expect(error).toHaveText(REFUSAL.wrong)
  }
  expect(verifies().map((v) => [v.by, v.status])).toEqual(order.map((s) => [s.name, 400]))

  // The right code now, through the instance that saw only two of the tries: one counting its own tries
  // (2 < 5) would take it; this one reads the five from PostgreSQL and refuses.
  await scale.route('frame', b.name)
  await codeBox(page, 6).click()
  await page.keyboard.press(code[5]!)
  await verify(page)
  await expect(error).toHaveText(REFUSAL.dead)
  expect(verifies().at(-1)).toMatchObject({ by: b.name, status: 429 })
  await scale.route('frame', undefined)
})

test("behavior: an address's resend wait and a client's hourly login calls count across both frame instances", async ({
  scale,
}) => {
  const [a, b] = scale.frames
  // The address: a code mailed through one instance holds the next one back on the other (30 s wait).
  const email = uniqueEmail('cooldown')
  await scale.route('frame', a.name)
  expect(await startLogin(scale, email)).toMatchObject({ status: 200, by: a.name })
  await scale.route('frame', b.name)
  const again = await startLogin(scale, email)
  expect(again).toMatchObject({ status: 429, by: b.name })
  expect(JSON.parse(again.body)).toMatchObject({ code: 'cooldown' })
  // Control: the same instance mails another address at once.
  expect(await startLogin(scale, uniqueEmail('other'))).toMatchObject({ status: 200, by: b.name })
  await scale.route('frame', undefined)

  // The client: 30 code requests per hour from one address (127.0.0.9, a client of its own), round robin.
  const client = '127.0.0.9'
  await awayFromHourEnd()
  const answers: Awaited<ReturnType<typeof startLogin>>[] = []
  for (let i = 0; i < 31; i++) answers.push(await startLogin(scale, uniqueEmail(`ip${i}`), client))
  const byInstance = (name: string) => answers.filter((r) => r.by === name).length
  // Control: each instance saw about half, well under 30: only the shared count reaches the limit.
  expect(byInstance(a.name)).toBeLessThan(30)
  expect(byInstance(b.name)).toBeLessThan(30)
  expect(answers.slice(0, 30).map((r) => r.status)).toEqual(Array(30).fill(200))
  expect(answers[30]).toMatchObject({ status: 429 })
  expect(JSON.parse(answers[30]!.body)).toMatchObject({ code: 'rate_limited' })
  // Another client is not held by it.
  expect((await startLogin(scale, uniqueEmail('fresh'), '127.0.0.10')).status).toBe(200)
})

test("behavior: the RPC gateway's per-project limit counts the calls of both chain-api instances", async ({
  scale,
}) => {
  const url = new URL('/v1/', scale.chainApiUrl)
  for (const [key, value] of Object.entries({
    chainId: 'eip155:31337',
    projectId: scale.projectId,
    st: 'keyframe',
    sv: '0.1.0',
  }))
    url.searchParams.set(key, value)
  const call = async (instance: string, count: number) => {
    await scale.route('chain', instance)
    const body = Array.from({ length: count }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'eth_chainId',
      params: [],
    }))
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: scale.dappOrigin },
      body: JSON.stringify(count === 1 ? body[0] : body),
    })
    expect(response.headers.get(SERVED_BY)).toBe(instance)
    return response.status
  }
  const [a, b] = scale.chainApis
  await awayFromHourEnd()
  // 8 calls on each: each instance alone is under the limit of 12, together they are over it.
  const own = new Map([
    [a.name, 8],
    [b.name, 8],
  ])
  expect(await call(a.name, 8)).toBe(200)
  expect(await call(b.name, 8)).toBe(200)
  // The instances share their counts about once a second: within a few seconds both refuse, each at a
  // count of its own that a per-process limit would still let through.
  const refusedAt = new Map<string, number>()
  for (let round = 0; round < 5 && refusedAt.size < 2; round++) {
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    for (const instance of [a.name, b.name]) {
      if (refusedAt.has(instance)) continue
      const status = await call(instance, 1)
      if (status === 429) refusedAt.set(instance, own.get(instance)!)
      else {
        expect(status).toBe(200)
        own.set(instance, own.get(instance)! + 1)
      }
    }
  }
  expect([...refusedAt.keys()].toSorted()).toEqual([a.name, b.name])
  for (const count of refusedAt.values()) expect(count).toBeLessThan(GATEWAY_LIMIT.max)
  await scale.route('chain', undefined)
})

test('behavior: the chain indexer runs in one chain-api instance; killed, the other takes over and the history has no gap and no duplicate', async ({
  scale,
}) => {
  const leaders = () =>
    scale.chainApis.filter((api) => api.lines.some((line) => line.includes('"indexer: leading"')))
  await waitFor(async () => leaders().length === 1, 'an indexer to lead')
  const [holder] = leaders()
  const other = scale.chainApis.find((api) => api !== holder)!
  expect(other.lines.some((line) => line.includes('"indexer: leading"'))).toBe(false)

  const chain = scale.chains[0]!
  // Anvil's dev account #3 (not one the faucet or the on-ramp sandbox pays from).
  const sender = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
  const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
  const wallet = createWalletClient({ account: sender, transport: http(chain.rpcUrl) })
  const reader = createPublicClient({ transport: http(chain.rpcUrl) })
  const sent: string[] = []
  const send = async () => {
    const hash = await wallet.sendTransaction({ chain: null, to, value: parseEther('0.001') })
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    sent.push(hash)
  }
  const history = async () => {
    const url = new URL(`/v1/account/${to}/history`, scale.chainApiUrl)
    for (const [key, value] of Object.entries({
      chainId: `eip155:${chain.chainId}`,
      projectId: scale.projectId,
      st: 'keyframe',
      sv: '0.1.0',
    }))
      url.searchParams.set(key, value)
    const response = await fetch(url, { headers: { Origin: scale.dappOrigin } })
    expect(response.status).toBe(200)
    const page = (await response.json()) as { data: { metadata: { hash: string } }[]; next: unknown }
    expect(page.next, 'one page holds the test account').toBeNull()
    return page.data.map((item) => item.metadata.hash.toLowerCase())
  }
  const listsAll = async () => {
    const listed = await history()
    return sent.every((hash) => listed.includes(hash))
  }

  // Before: both instances run, one indexes.
  await send()
  await send()
  await waitFor(listsAll, 'the first transactions to be indexed')
  // During: transactions keep coming while the holder is killed.
  const during = (async () => {
    for (let i = 0; i < 6; i++) await send()
  })()
  await holder!.kill()
  await during
  // After: the other one took the lock.
  await waitFor(async () => other.lines.some((line) => line.includes('"indexer: leading"')), 'the takeover')
  await send()
  await send()
  await waitFor(listsAll, 'every transaction to be indexed')
  const listed = await history()
  expect(listed.toSorted()).toEqual(sent.toSorted())
})

test('behavior: logged in through one frame instance, which is then killed, the person signs through the other with nothing lost', async ({
  page,
  scale,
}) => {
  const served = recordFrameAnswers(page.context(), scale)
  const email = uniqueEmail('scale')
  const passphrase = newPassphrase()
  await page.goto(scale.dappUrl)
  const address = await logIn(page, scale, { email, passphrase, prompt: 'create' })
  // No stickiness: the login's requests went to both instances.
  expect(new Set(served.map((s) => s.by))).toEqual(new Set(scale.frames.map((f) => f.name)))
  const login = served.find((s) => s.method === 'POST' && s.path === '/api/auth/email/verify')
  expect(login?.status).toBe(200)
  const loggedInBy = scale.frames.find((f) => f.name === login?.by)!
  const survivor = scale.frames.find((f) => f !== loggedInBy)!

  const sign = async () => {
    await runAction(page, 'viem', 'Sign message')
    await approve(page)
    const signature = (await libraryResult(page, 'viem', 'signature')) as `0x${string}`
    expect(await verifyMessage({ address: address as `0x${string}`, message: DEMO_MESSAGE, signature })).toBe(
      true,
    )
  }
  await sign()

  // The instance that logged the person in dies; HAProxy has not noticed yet when the next requests come.
  await loggedInBy.kill()
  const afterKill = served.length
  await page.reload()
  expect(await expectConnected(page, email)).toBe(address)
  await sign()

  const since = served.slice(afterKill)
  expect(since.filter((s) => s.path.startsWith('/api/')).length).toBeGreaterThan(0)
  expect(since.filter((s) => s.by !== survivor.name || s.status >= 500)).toEqual([])
})
