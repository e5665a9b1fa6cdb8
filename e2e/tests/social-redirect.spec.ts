/**
 * Social login when the browser blocks the popup (issue 17, acceptance 2): `window.open` returns null, so the
 * page itself goes to the provider, the person logs in there, and the frame server's callback sends the page
 * back to where it was with the result in a fragment; the SDK takes the fragment out and finishes the login.
 * The dApp page ends connected at its own URL (path and query intact, no fragment left); a declined consent
 * ends back there too, with its message.
 */
import type { Page } from '@playwright/test'
import { dialog, expectConnected, openModal, rememberSessionToken } from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'
import { signInAtProvider } from '../support/social.ts'
import {
  atProvider,
  SOCIAL_REFUSAL,
  SOCIAL_STACK,
  socialAlert,
  socialButton,
  uniqueLogin,
} from '../support/socialLogin.ts'

test.use({ stackOptions: SOCIAL_STACK })
test.describe.configure({ timeout: 60_000 })

/** A dApp page with a path and a query of its own: the state a redirect must bring back intact. */
const dappPage = (dappUrl: string) => `${dappUrl}vanilla.html?ref=e2e&step=2`

/** Every URL the page's main frame was at, fragments included. */
function mainFrameUrls(page: Page): string[] {
  const urls: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url())
  })
  return urls
}

test.beforeEach(async ({ page }) => {
  // The browser's popup blocker, as Safari's is for a window opened late: window.open gives nothing.
  await page.addInitScript(() => {
    window.open = () => null
  })
})

test('behavior: with popups blocked, the page goes to the provider and comes back connected, at its URL with nothing added', async ({
  page,
  stack,
}) => {
  const url = dappPage(stack.dappUrl)
  const visited = mainFrameUrls(page)
  await page.goto(url)
  await openModal(page)
  await socialButton(page, 'github').click()

  // The page itself leaves for the provider's login page.
  await atProvider(page, stack)
  await signInAtProvider(page, { login: uniqueLogin('redirect'), consent: 'allow' })

  await expectConnected(page)
  await rememberSessionToken(page, stack)
  // Back on the dApp's page: its path and query as they were, the fragment the callback added gone.
  expect(page.url()).toBe(url)
  expect(await page.evaluate(() => location.hash)).toBe('')
  // The callback did answer with the fragment (what the SDK took out).
  expect(visited.some((u) => u.startsWith(`${url}#keyframe-social=`))).toBe(true)
  await expect(page.locator('#account-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
})

test('behavior: with popups blocked, a declined consent comes back to the dApp page with its message', async ({
  page,
  stack,
}) => {
  const url = dappPage(stack.dappUrl)
  await page.goto(url)
  await openModal(page)
  await socialButton(page, 'discord').click()
  await atProvider(page, stack)
  await signInAtProvider(page, { login: uniqueLogin('redirect-deny'), consent: 'deny' })

  await expect(socialAlert(page)).toHaveText(SOCIAL_REFUSAL.declined)
  await expect(dialog(page)).toBeVisible()
  expect(page.url()).toBe(url)
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})
