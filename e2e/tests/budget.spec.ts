import { type LoadedScript, recordScripts, sumGzip } from '@keyframe/dev-fixtures'
import type { Page } from '@playwright/test'
import { dialog, expectConnected, openModal } from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'
import { siwxUrl } from '../support/siwx.ts'
import { SOCIAL_REFUSAL } from '../support/socialLogin.ts'

// Bundle sizes are deterministic, so the budget is a hard limit checked on every run.
const BUDGET = 25 * 1024

for (const path of ['', 'vanilla.html']) {
  test(`budget: the demo (${path || 'React'}) loads ≤ 25 kB gzip of JS before open(), React excluded`, async ({
    page,
    stack,
  }) => {
    const recorder = recordScripts(page)
    await page.goto(`${stack.dappUrl}${path}`)
    await page.waitForLoadState('networkidle')
    const before = await recorder.take()
    expect(before.length).toBeGreaterThan(0)
    const bytes = sumGzip(before)
    expect(bytes, `JS before open(): ${bytes} B gzip (budget ${BUDGET} B)`).toBeLessThanOrEqual(BUDGET)

    await page.getByRole('button', { name: 'Connect' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect((await recorder.take()).length, 'open() loads the modal on demand').toBeGreaterThan(0)
  })
}

test('budget: on the page without React, open() loads ≤ 25 kB gzip of JS, none of it React', async ({
  page,
  stack,
}) => {
  const recorder = recordScripts(page)
  await page.goto(`${stack.dappUrl}vanilla.html`)
  await page.waitForLoadState('networkidle')
  await recorder.take()
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const opened = await recorder.take()
  expect(opened.length, 'open() loads the modal on demand').toBeGreaterThan(0)
  // The modal renders with Preact: the demo's react-vendor chunk must not come with it.
  expect(opened.filter((s) => s.react).map((s) => s.url)).toEqual([])
  const bytes = sumGzip(opened, { withReact: true })
  expect(bytes, `JS loaded by open(): ${bytes} B gzip (budget ${BUDGET} B)`).toBeLessThanOrEqual(BUDGET)
})

/**
 * The network log: no script of WalletConnect's (its relay client) before open() nor on open(); once WalletConnect
 * is chosen, its chunk (the control: the same check finds it).
 */
async function walletConnectOnlyWhenChosen(page: Page, dappUrl: string) {
  const recorder = recordScripts(page)
  const walletConnectScripts = async () =>
    (await recorder.take()).filter((s) => s.walletConnect).map((s) => new URL(s.url).pathname)
  await page.goto(dappUrl)
  await page.waitForLoadState('networkidle')
  expect(await walletConnectScripts(), 'WalletConnect fetched before open()').toEqual([])

  await page.getByRole('button', { name: 'Connect' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Connect' })).toBeVisible()
  await recorder.settled()
  expect(await walletConnectScripts(), 'WalletConnect fetched by open(), before it was chosen').toEqual([])

  await dialog.getByRole('button', { name: 'WalletConnect', exact: true }).click()
  await expect(page.locator('[role="dialog"][data-view="ConnectingWalletConnect"]')).toBeVisible()
  await recorder.settled()
  expect((await walletConnectScripts()).length, 'choosing WalletConnect fetches its chunk').toBeGreaterThan(0)
}

test("budget: WalletConnect's chunk is fetched when WalletConnect is chosen, not before open() nor on open()", async ({
  page,
  stack,
}) => walletConnectOnlyWhenChosen(page, stack.dappUrl))

test.describe('on a phone (touch), where wallets open by deep link', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  test("budget: WalletConnect's chunk is fetched when WalletConnect is chosen, not before open() nor on open()", async ({
    page,
    stack,
  }) => walletConnectOnlyWhenChosen(page, stack.dappUrl))
})

/** Words only the ConnectingFarcaster view's chunk holds (its waiting line). */
const FARCASTER_MARKER = 'Waiting for Farcaster'

/** The pathnames of `scripts` whose body holds `marker` (each fetched again from its server). */
async function holding(scripts: LoadedScript[], marker: string): Promise<string[]> {
  const hits: string[] = []
  for (const script of scripts)
    if ((await (await fetch(script.url)).text()).includes(marker)) hits.push(new URL(script.url).pathname)
  return hits
}

/**
 * The network log: no script holding `marker` (a string only that login's code has) before open() nor on
 * open(); once the login is chosen, one (the control: the same check finds it).
 */
async function loginCodeOnlyWhenChosen(
  page: Page,
  dappUrl: string,
  login: { name: string; marker: string; view: string },
) {
  const recorder = recordScripts(page)
  await page.goto(dappUrl)
  await page.waitForLoadState('networkidle')
  expect(await holding(await recorder.take(), login.marker), `${login.name} fetched before open()`).toEqual(
    [],
  )

  await page.getByRole('button', { name: 'Connect' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Connect' })).toBeVisible()
  await recorder.settled()
  expect(
    await holding(await recorder.take(), login.marker),
    `${login.name} fetched by open(), before it was chosen`,
  ).toEqual([])

  await dialog.getByRole('button', { name: new RegExp(`^(Continue with )?${login.name}$`) }).click()
  await expect(page.locator(`[role="dialog"][data-view="${login.view}"]`)).toBeVisible()
  await recorder.settled()
  expect(
    (await holding(await recorder.take(), login.marker)).length,
    `choosing ${login.name} fetches its code`,
  ).toBeGreaterThan(0)
}

test('budget: the social login code (what hears the login window) is fetched when a provider is chosen, not before open() nor on open()', async ({
  page,
  stack,
}) =>
  loginCodeOnlyWhenChosen(page, stack.dappUrl, {
    name: 'GitHub',
    // The words of the code that watches the login window (the SDK's socialActions chunk).
    marker: SOCIAL_REFUSAL.closed,
    view: 'ConnectingSocial',
  }))

test("budget: Farcaster's login code is fetched when Farcaster is chosen, not before open() nor on open()", async ({
  page,
  stack,
}) =>
  loginCodeOnlyWhenChosen(page, stack.dappUrl, {
    name: 'Farcaster',
    marker: FARCASTER_MARKER,
    view: 'ConnectingFarcaster',
  }))

/** Words only the page's sign-in code holds: the flow's (the backend's refusal) and the sign-in view's. */
const SIGN_IN_MARKERS = { flow: 'Sign-in was refused', view: 'to prove this address is yours' } as const

test('budget: sign-in code is fetched only where sign-in is on — none before open(), on open() nor once connected without it; with ?siwx= the flow comes at load', async ({
  page,
  stack,
}) => {
  const wallet = await injectDevWallet(page, stack)
  const recorder = recordScripts(page)
  const signInCode = async () => {
    const scripts = await recorder.take()
    return [
      ...(await holding(scripts, SIGN_IN_MARKERS.flow)),
      ...(await holding(scripts, SIGN_IN_MARKERS.view)),
    ]
  }
  await page.goto(stack.dappUrl)
  await page.waitForLoadState('networkidle')
  expect(await signInCode(), 'sign-in code fetched before open()').toEqual([])
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  wallet.acceptConnection()
  await expectConnected(page)
  await recorder.settled()
  expect(await signInCode(), 'sign-in code fetched by open() or connecting').toEqual([])

  // The control: the same check finds the flow on a page with sign-in on, before anything is pressed.
  await page.goto(siwxUrl(stack, 'required'))
  await page.waitForLoadState('networkidle')
  await recorder.settled()
  expect(
    await holding(await recorder.take(), SIGN_IN_MARKERS.flow),
    'the flow fetched at load with ?siwx=',
  ).not.toEqual([])
})
