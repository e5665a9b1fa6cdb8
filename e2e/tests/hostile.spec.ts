import { type Stack, startStack } from '@keyframe/devstack'
import { REQUEST_TYPES } from '@keyframe/protocol'
import { stackLogFile } from '../support/artifacts.ts'
import { expect, test } from '../support/fixtures.ts'
import { HOSTILE_ORIGIN, sendEveryRequestType, serveHostilePage } from '../support/hostile.ts'

function frameSrc(stack: Stack, claimedOrigin: string) {
  const url = new URL(stack.frameUrl)
  url.searchParams.set('projectId', stack.projectId)
  url.searchParams.set('chainId', 'eip155:1')
  url.searchParams.set('version', '1')
  url.searchParams.set('origin', claimedOrigin)
  return url.toString()
}

test('security: a hostile page that embeds the frame is refused by frame-ancestors and gets no answer', async ({
  page,
  context,
  stack,
}) => {
  await serveHostilePage(context, `<iframe src="${frameSrc(stack, stack.dappOrigin)}"></iframe>`)
  const blocked = page.waitForEvent('console', (m) => m.text().includes('frame-ancestors'))
  await page.goto(`${HOSTILE_ORIGIN}/`)
  await blocked
  const result = await sendEveryRequestType(page, { frameOrigin: stack.frameOrigin, target: 'iframe' })
  expect(result.answered).toEqual([])
  expect(result.messagesFromFrame).toEqual([])
})

test.describe('with frame-ancestors off (proves the in-frame guard on its own)', () => {
  let open: Stack
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's hook signature
  test.beforeAll(async ({}, workerInfo) => {
    open = await startStack({
      frameAncestors: 'off',
      logFile: stackLogFile(workerInfo.workerIndex, 'frame-ancestors-off'),
    })
  })
  test.afterAll(async () => {
    await open.close()
  })

  for (const claimed of ['dApp origin', 'its own origin'] as const) {
    test(`security: a hostile embedder claiming ${claimed} gets no answer to any request type and changes nothing`, async ({
      page,
      context,
    }) => {
      const origin = claimed === 'dApp origin' ? open.dappOrigin : HOSTILE_ORIGIN
      await serveHostilePage(context, `<iframe src="${frameSrc(open, origin)}"></iframe>`)
      await page.goto(`${HOSTILE_ORIGIN}/`)
      const frame = page.frameLocator('iframe')
      await expect(frame.locator('html')).toBeAttached()
      const before = await page.frames()[1]!.evaluate(() => document.documentElement.outerHTML.length)

      const result = await sendEveryRequestType(page, { frameOrigin: open.frameOrigin, target: 'iframe' })
      expect(result.answered).toEqual([])
      expect(result.messagesFromFrame).toEqual([])
      // SYNC_THEME and SYNC_DAPP_DATA were among them: the frame document did not change.
      const after = await page.frames()[1]!.evaluate(() => ({
        theme: document.documentElement.dataset.theme ?? null,
        length: document.documentElement.outerHTML.length,
      }))
      expect(after).toEqual({ theme: null, length: before })
    })
  }
})

test('security: an allowed origin that is not the parent (the frame opened as a window) gets no answer', async ({
  page,
  stack,
}) => {
  await page.goto(stack.dappUrl)
  const popup = page.waitForEvent('popup')
  await page.evaluate(
    (src) => {
      ;(window as unknown as { opened: Window | null }).opened = window.open(src, '_blank')
    },
    frameSrc(stack, stack.dappOrigin),
  )
  await (await popup).waitForLoadState('load')
  const result = await sendEveryRequestType(page, { frameOrigin: stack.frameOrigin, target: 'opened' })
  expect(result.answered).toEqual([])
  expect(result.messagesFromFrame).toEqual([])
})

test('control: the same requests from the dApp page, the frame’s parent, are each answered', async ({
  page,
  stack,
}) => {
  await page.goto(stack.dappUrl)
  await page.getByRole('button', { name: 'Ask the frame for its chain' }).click()
  await expect(page.getByTestId('frame-chain')).toHaveText('eip155:31337')
  const result = await sendEveryRequestType(page, {
    frameOrigin: stack.frameOrigin,
    target: 'iframe',
    waitMs: 10_000,
  })
  expect([...result.answered].sort()).toEqual([...REQUEST_TYPES].sort())
})
