/**
 * Conformance suite for any frame deployment: drives headless Chromium against a frame served anywhere and
 * checks it against the protocol vectors. One line per check, then "N passed, N failed".
 *
 *   npm run conformance -- --frame-url https://wallet.example.com/frame --origin https://app.example.com
 *   npm run conformance -- --local          (starts the local frame and checks it)
 *
 * Options: --project-id <id> (default "dev"), --chromium <path> (default /usr/bin/chromium).
 */
import { parseArgs } from 'node:util'
import { REQUEST_TYPES, type RequestType, timeoutFor } from '@keyframe/protocol'
import { requestVectors } from '@keyframe/protocol/vectors'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../support/browser.ts'
import { judge } from './checks.ts'
import { embedFrame, readyCount, send, servePageAt, waitForReadyCount } from './harness.ts'

const { values } = parseArgs({
  options: {
    'frame-url': { type: 'string' },
    origin: { type: 'string' },
    'project-id': { type: 'string', default: 'dev' },
    chromium: { type: 'string' },
    local: { type: 'boolean', default: false },
  },
})

let frameUrl = values['frame-url']
let origin = values.origin
let projectId = values['project-id']!
let stop = async () => {}
if (values.local) {
  const { startStack } = await import('@keyframe/devstack')
  const stack = await startStack()
  ;({ frameUrl, dappOrigin: origin, projectId } = stack)
  stop = stack.close
}
if (!frameUrl || !origin) {
  console.error(
    'Usage: npm run conformance -- --frame-url <frame document URL> --origin <allowed dApp origin>',
  )
  process.exit(2)
}
origin = new URL(origin).origin
const frameOrigin = new URL(frameUrl).origin
const src = (() => {
  const u = new URL(frameUrl)
  u.search = new URLSearchParams({ projectId, chainId: 'eip155:1', version: '1', origin }).toString()
  return u.toString()
})()

/** The vectors speak for project "dev"; a deployment is checked under its own project id. */
function forProject(type: string, data: unknown, id: string): unknown {
  const envelope = data as Record<string, unknown> | null
  const params = envelope?.params as Record<string, unknown> | undefined
  if (type !== 'SYNC_DAPP_DATA' || params?.projectId !== 'dev') return data
  return { ...envelope, params: { ...params, projectId: id } }
}

/**
 * Requests that, once valid, wait for a person outside the frame (a Farcaster app signing the login) until
 * their table timeout: checked by aborting them and hearing the abort's answer.
 */
const WAITS_FOR_A_PERSON: ReadonlySet<string> = new Set(['CONNECT_FARCASTER'])

let passed = 0
let failed = 0
function report(name: string, problem: string | undefined) {
  if (problem === undefined) {
    passed += 1
    console.log(`✓ ${name}`)
  } else {
    failed += 1
    console.log(`✗ ${name} — ${problem}`)
  }
}

const browser = await chromium.launch({
  ...chromiumLaunchOptions,
  executablePath: values.chromium ?? chromiumLaunchOptions.executablePath,
})
try {
  // 1. READY from an allowed origin.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(await servePageAt(context, origin))
  const ready = await embedFrame(page, { src, frameOrigin, as: 'iframe', waitMs: 20_000 })
  report(
    `READY: the frame reports ready with protocol version 1 (${ready.ms?.toFixed(0) ?? '–'} ms)`,
    !ready.ready ? 'no READY within 20 s' : ready.version !== 1 ? `version ${ready.version}` : undefined,
  )

  // 2. Every request vector: validation as the table says.
  for (const vector of requestVectors) {
    const data = forProject(vector.type, vector.data, projectId)
    const seen = await readyCount(page)
    const outcome = await send(page, {
      type: vector.type,
      data,
      frameOrigin,
      timeoutMs: 5_000,
      ...(WAITS_FOR_A_PERSON.has(vector.type) && { abortAfterMs: 2_000 }),
    })
    report(`vector: ${vector.name}`, judge(outcome, vector.expect))
    if (vector.type === 'RELOAD' && outcome.kind === 'reply' && outcome.reply.ok) {
      report(
        'RELOAD: the frame reloads and reports READY again',
        (await waitForReadyCount(page, seen, 20_000)) ? undefined : 'no READY after RELOAD',
      )
    }
  }

  // 3. Timeouts: every request type is answered within its table timeout.
  // RELOAD last: the frame reloads after answering it.
  for (const type of [...REQUEST_TYPES.filter((t) => t !== 'RELOAD'), 'RELOAD' as const]) {
    const vector = requestVectors.find((v) => v.type === type && v.expect.ok)
    if (!vector) {
      report(`timeout: ${type}`, 'no valid vector to send')
      continue
    }
    const limit = timeoutFor(type as RequestType, (vector.data as { params: never }).params)
    const data = { ...(forProject(type, vector.data, projectId) as object), id: crypto.randomUUID() }
    const seen = await readyCount(page)
    const outcome = await send(page, {
      type,
      data,
      frameOrigin,
      timeoutMs: Math.min(limit, 30_000),
      ...(WAITS_FOR_A_PERSON.has(type) && { abortAfterMs: 2_000 }),
    })
    if (type === 'RELOAD') await waitForReadyCount(page, seen, 20_000)
    report(
      `timeout: ${type} answered within ${limit} ms`,
      outcome.kind === 'none'
        ? outcome.reason
        : outcome.ms > limit
          ? `${outcome.ms.toFixed(0)} ms`
          : undefined,
    )
  }

  // 4. Aborts by id: an unknown id is answered { aborted: false }; a malformed id is refused.
  const unknownId = crypto.randomUUID()
  const abortUnknown = await send(page, {
    type: 'RPC_ABORT',
    data: { v: 1, id: crypto.randomUUID(), params: { id: unknownId } },
    frameOrigin,
    timeoutMs: timeoutFor('RPC_ABORT', { id: unknownId }),
  })
  report(
    'abort: RPC_ABORT of an unknown id answers { aborted: false }',
    abortUnknown.kind === 'reply' &&
      abortUnknown.reply.ok &&
      (abortUnknown.reply.result as { aborted?: boolean }).aborted === false
      ? undefined
      : JSON.stringify(abortUnknown).slice(0, 160),
  )
  const abortMalformed = await send(page, {
    type: 'RPC_ABORT',
    data: { v: 1, id: crypto.randomUUID(), params: { id: 'not-a-uuid' } },
    frameOrigin,
    timeoutMs: 5_000,
  })
  report(
    'abort: RPC_ABORT with a malformed id is refused with -32602',
    abortMalformed.kind === 'reply' && abortMalformed.reply.error?.code === -32602
      ? undefined
      : JSON.stringify(abortMalformed).slice(0, 160),
  )

  // 5. Origin rejection: a page on another origin embeds the frame (and claims the allowed origin).
  const hostileOrigin = 'http://127.0.0.2:4998'
  const hostile = await browser.newContext()
  const hostilePage = await hostile.newPage()
  await hostilePage.goto(await servePageAt(hostile, hostileOrigin))
  await embedFrame(hostilePage, { src, frameOrigin, as: 'iframe', waitMs: 3_000 })
  for (const type of REQUEST_TYPES) {
    const vector = requestVectors.find((v) => v.type === type && v.expect.ok)!
    const data = { ...(forProject(type, vector.data, projectId) as object), id: crypto.randomUUID() }
    const outcome = await send(hostilePage, { type, data, frameOrigin, timeoutMs: 1_500 })
    report(
      `origin: ${type} from a third origin gets no answer`,
      outcome.kind === 'reply' ? 'answered' : undefined,
    )
  }

  // 6. Not the parent: the allowed origin opens the frame as a window and gets nothing.
  const opener = await context.newPage()
  await opener.goto(await servePageAt(context, origin))
  await embedFrame(opener, { src, frameOrigin, as: 'window', waitMs: 2_000 })
  const sibling = await send(opener, {
    type: 'GET_CHAIN_ID',
    data: { v: 1, id: crypto.randomUUID(), params: {} },
    frameOrigin,
    timeoutMs: 2_000,
  })
  report(
    'origin: an allowed origin that is not the parent gets no answer',
    sibling.kind === 'reply' ? 'answered' : undefined,
  )
  await hostile.close()
  await context.close()
} finally {
  await browser.close()
  await stop()
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
