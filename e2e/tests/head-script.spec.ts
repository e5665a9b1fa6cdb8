// Issue 13: the SDK may be created at any point of a page's load. A page whose `<head>` has a plain
// `<script>` creating Keyframe (before `<body>` exists) restores a returning visitor's session — it used to
// fail on `document.body.appendChild` and wipe the saved login — and so does a page creating it after load.
import type { Stack } from '@keyframe/devstack'
import type { Page } from '@playwright/test'
import {
  dialog,
  FRAME_TITLE,
  LOGIN_CACHE,
  logIn,
  mailsTo,
  newPassphrase,
  uniqueEmail,
} from '../support/email.ts'
import { discoverKeyframe, request, resultOf } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { buildSdkBundle } from '../support/testDapp/bundle.ts'
import { configScript, testDappConfig } from '../support/testDapp/config.ts'

test.describe.configure({ timeout: 90_000 })

/** The SDK as one classic script (MetaMask's test dApp gets the same one), built once per worker. */
let sdkBundle: Promise<string> | undefined

/** Where the pages of this spec live on the demo dApp's origin (served by the test, not the site). */
const BASE = '/head-script/'

/** How the page creates Keyframe: a `<script>` in `<head>`, or one added once the page has loaded. */
type Start = 'head' | 'after-load'

function pageHtml(stack: Stack, start: Start): string {
  const config = `<script>${configScript(testDappConfig(stack, stack.dappOrigin))}</script>`
  const sdk =
    start === 'head'
      ? // A plain script: it runs while the parser is in <head>, before <body> exists.
        `<script src="${BASE}keyframe.js"></script>
    <script>window.__startedWithoutBody = document.body === null</script>`
      : `<script>
      addEventListener('load', () => {
        window.__startedAfterLoad = document.readyState === 'complete'
        const script = document.createElement('script')
        script.src = '${BASE}keyframe.js'
        document.head.append(script)
      })
    </script>`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Keyframe created in ${start}</title>
    ${config}
    ${sdk}
  </head>
  <body>
    <main><h1>A page that creates Keyframe (${start})</h1></main>
  </body>
</html>`
}

/** Serves this spec's pages and the SDK script on the demo dApp's origin (which the dev project allows). */
async function servePages(page: Page, stack: Stack) {
  sdkBundle ??= buildSdkBundle()
  const script = await sdkBundle
  await page.route(`${stack.dappOrigin}${BASE}**`, (route) => {
    const { pathname } = new URL(route.request().url())
    if (pathname === `${BASE}keyframe.js`) {
      return route.fulfill({ body: script, contentType: 'text/javascript; charset=utf-8' })
    }
    const start = pathname.slice(BASE.length).replace(/\.html$/, '') as Start
    return route.fulfill({ body: pageHtml(stack, start), contentType: 'text/html; charset=utf-8' })
  })
}

const windowFlag = (page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name)

for (const start of ['head', 'after-load'] as const) {
  test(`behavior: created ${start === 'head' ? 'by a plain <script> in <head>, before <body> exists' : 'after load'}, the SDK restores a returning visitor's session (no prompt, no mail, the login kept)`, async ({
    page,
    stack,
  }) => {
    await servePages(page, stack)
    // The visitor logged in on this site earlier, in the same browser.
    const email = uniqueEmail(`return-${start}`)
    const address = await logIn(page, stack, {
      url: stack.dappUrl,
      email,
      passphrase: newPassphrase(),
      prompt: 'create',
    })
    const mails = mailsTo(stack, email).length

    await page.goto(`${stack.dappOrigin}${BASE}${start}.html`)
    expect(await windowFlag(page, start === 'head' ? '__startedWithoutBody' : '__startedAfterLoad')).toBe(
      true,
    )
    await discoverKeyframe(page)
    await expect
      .poll(async () => resultOf(await request(page, 'eth_accounts')), { timeout: 20_000 })
      .toEqual([address.toLowerCase()])
    // The frame went into <body>, once there was one; nothing was asked.
    await expect(page.locator(`body > iframe[title="${FRAME_TITLE}"]`)).toHaveCount(1)
    await expect(dialog(page)).toHaveCount(0)
    expect(
      await page.evaluate(
        (keys) => keys.map((key) => localStorage.getItem(key)),
        [LOGIN_CACHE.email, LOGIN_CACHE.used],
      ),
    ).toEqual([email, 'true'])
    await page.waitForTimeout(500)
    expect(mailsTo(stack, email), 'no new mail').toHaveLength(mails)
  })
}
