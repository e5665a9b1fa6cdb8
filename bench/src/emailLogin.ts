import type { Stack } from '@keyframe/devstack'
import type { Browser, Page } from 'playwright-core'
import { freshContext, median, percentile } from './browser.ts'

/** What one measured login is made of, in ms from pressing Continue. */
export type LoginTiming = { total: number; codeSent: number; codeRead: number }

/**
 * Submit e-mail → connected, as a person would see it: Continue pressed on the Connect view, the code read
 * from the mailbox by this script and typed into the frame's six boxes, Verify pressed, until the dApp
 * shows the account connected. Each run is a fresh browser context (a new browser storage) and a new address, so each is a
 * first login with a new wallet: key generation, both splits and the registration included. The project
 * must use `operator` recovery: in `passphrase` mode a person types a passphrase here, which no benchmark
 * should time.
 */
export async function measureEmailLogin(browser: Browser, stack: Stack, options: { runs?: number } = {}) {
  const runs = options.runs ?? 15
  const timings: LoginTiming[] = []
  for (let i = 0; i < runs + 1; i++) {
    const context = await freshContext(browser)
    const page = await context.newPage()
    const email = `bench-${Date.now()}-${i}@example.com`
    await page.goto(stack.dappUrl)
    const timing = await login(page, stack, email)
    // The first run warms the server (JIT, pools) and is not counted.
    if (i > 0) timings.push(timing)
    await context.close()
  }
  const totals = timings.map((t) => t.total)
  return {
    median: median(totals),
    p90: percentile(totals, 90),
    codeSentMedian: median(timings.map((t) => t.codeSent)),
    codeReadMedian: median(timings.map((t) => t.codeRead)),
    runs: totals,
  }
}

async function login(page: Page, stack: Stack, email: string): Promise<LoginTiming> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await page.getByLabel('E-mail').fill(email)
  // A person takes seconds to type an address; the frame loads meanwhile (on the field's focus).
  await page.waitForLoadState('networkidle')
  // Both ends are taken in the page, as click.ts does: the press of Continue, and the first painted frame
  // on which the dApp shows the account connected. Playwright's own round trips stay out of the figure.
  await page.evaluate(() => {
    const w = window as unknown as { __login: { start: number; end?: number } }
    const status = document.querySelector('[data-testid="account-status"]')!
    const dialog = document.querySelector('[data-keyframe-modal]')!.shadowRoot!
    const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Continue')!
    new MutationObserver((_, observer) => {
      if (status.textContent !== 'connected') return
      observer.disconnect()
      requestAnimationFrame(() => {
        w.__login.end = performance.now()
      })
    }).observe(status, { childList: true, characterData: true, subtree: true })
    w.__login = { start: performance.now() }
    button.click()
  })
  const start = performance.now()
  const mail = await stack.mail.waitFor(email, { subject: 'login code' })
  const codeSent = performance.now() - start
  const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1]
  if (!code) throw new Error(`no code in "${mail.subject}"`)
  // The boxes are the frame's own (the dApp page never holds a code).
  const prompt = page.frameLocator('iframe[title="Keyframe wallet"]')
  const firstBox = prompt.getByLabel('Digit 1 of 6', { exact: true })
  await firstBox.waitFor()
  const codeRead = performance.now() - start
  // The six digits at once, as an autofilled one-time code arrives, then Verify.
  await firstBox.fill(code)
  await prompt.getByRole('button', { name: 'Verify', exact: true }).click()
  const total = await page.waitForFunction(() => {
    const { start, end } = (window as unknown as { __login: { start: number; end?: number } }).__login
    return end === undefined ? false : end - start
  })
  return { total: (await total.jsonValue()) as number, codeSent, codeRead }
}
