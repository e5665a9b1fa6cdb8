/**
 * Social login (issue 17, acceptance 1): for each of the six providers, the person presses its button in
 * the Connect view and the login window opens at once; closing it, or declining on the provider's consent
 * page, each says so; Try again, the provider's login page (the devstack's oidc-provider stand-in) completed,
 * and the dApp is connected with a new wallet. The same provider account on a second top-level site (another
 * storage partition: a new device key, rebuilt from operator recovery) gets the same address. Then the
 * ConnectingSocial view's looks, axe and keyboard.
 */
import { SOCIAL_PROVIDERS } from '@keyframe/protocol/core'
import type { Page } from '@playwright/test'
import { dialog, expectConnected } from '../support/email.ts'
import { expect, prepareContext, test } from '../support/fixtures.ts'
import { tabTo } from '../support/keyboard.ts'
import { lookAt } from '../support/looks.ts'
import { signInAtProvider } from '../support/social.ts'
import {
  connectingSocial,
  expectPopupClosed,
  openSocialPopup,
  PROVIDER_NAMES,
  SOCIAL_REFUSAL,
  SOCIAL_STACK,
  secondSite,
  socialAlert,
  socialButton,
  socialLogIn,
  uniqueLogin,
} from '../support/socialLogin.ts'

test.use({ stackOptions: SOCIAL_STACK })
// Two logins with a wallet each (a new one, then a rebuild on the second site) and two refused ones.
test.describe.configure({ timeout: 60_000 })

/** The ConnectingSocial view's Try again: opens the login window again from the person's press. */
const tryAgain = (page: Page) =>
  connectingSocial(page).getByRole('button', { name: 'Try again', exact: true })

for (const provider of SOCIAL_PROVIDERS) {
  const name = PROVIDER_NAMES[provider]
  test(`behavior: ${name} — a closed window and a declined consent say so; the login in the popup connects with a new wallet, and the same ${name} account on a second site gets the same address`, async ({
    page,
    context,
    stack,
  }) => {
    const login = uniqueLogin(provider)
    await page.goto(stack.dappUrl)

    await test.step('the person closes the login window', async () => {
      const popup = await openSocialPopup(page, stack, provider)
      await popup.close()
      await expect(socialAlert(page)).toHaveText(SOCIAL_REFUSAL.closed)
      await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    })

    await test.step("the person declines on the provider's consent page", async () => {
      const popup = await openSocialPopup(page, stack, provider, () => tryAgain(page).click())
      await signInAtProvider(popup, { login, consent: 'deny' })
      await expectPopupClosed(popup)
      await expect(socialAlert(page)).toHaveText(SOCIAL_REFUSAL.declined)
      await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    })

    const address =
      await test.step('Try again, the login completed: connected with a new wallet', async () => {
        const popup = await openSocialPopup(page, stack, provider, () => tryAgain(page).click())
        await signInAtProvider(popup, { login, consent: 'allow' })
        await expectPopupClosed(popup)
        const connected = await expectConnected(page)
        await expect(dialog(page)).toBeHidden()
        return connected
      })

    await test.step('the same account on a second site: the same address', async () => {
      const other = await context.newPage()
      await other.goto(secondSite(stack))
      await expect(other.getByTestId('account-status')).toHaveText('disconnected')
      expect(await socialLogIn(other, stack, provider, login), 'the same wallet on the second site').toBe(
        address,
      )
      // The first site is still connected to it.
      expect(await expectConnected(page)).toBe(address)
    })
  })
}

test('behavior (control of the same address): another account of the provider, in another browser, gets another wallet', async ({
  page,
  browser,
  stack,
}, testInfo) => {
  await page.goto(stack.dappUrl)
  const first = await socialLogIn(page, stack, 'google', uniqueLogin('google'))
  const elsewhere = await browser.newContext()
  try {
    await prepareContext(elsewhere, {
      workerIndex: testInfo.workerIndex,
      test: testInfo.titlePath.join(' › '),
    })
    const other = await elsewhere.newPage()
    await other.goto(secondSite(stack))
    expect(await socialLogIn(other, stack, 'google', uniqueLogin('google-other'))).not.toBe(first)
  } finally {
    await elsewhere.close()
  }
})

test('accessibility: ConnectingSocial, waiting for the login window and after it was closed, passes axe-core in dark, light and on a phone, and works by keyboard', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.goto(stack.dappUrl)
  let popup: Page | undefined
  const leave = async () => {
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    if (popup && !popup.isClosed()) await popup.close()
  }
  await lookAt(page, testInfo, 'ConnectingSocial', {
    show: async () => {
      popup = await openSocialPopup(page, stack, 'google')
      await expect(connectingSocial(page)).toContainText(PROVIDER_NAMES.google)
    },
    leave,
  })
  await lookAt(page, testInfo, 'ConnectingSocial closed', {
    show: async () => {
      popup = await openSocialPopup(page, stack, 'github')
      await popup.close()
      await expect(socialAlert(page)).toHaveText(SOCIAL_REFUSAL.closed)
    },
    leave,
  })

  // By keyboard alone: Tab to Google on Connect, Enter opens the login window; closed, Tab to Try again,
  // Enter opens it again; the login completed there, the dApp is connected.
  await page.getByRole('button', { name: 'Connect', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByRole('heading', { name: 'Connect' })).toBeVisible()
  const first = await openSocialPopup(page, stack, 'google', async () => {
    await tabTo(page, socialButton(page, 'google'))
    await page.keyboard.press('Enter')
  })
  await first.close()
  await expect(socialAlert(page)).toHaveText(SOCIAL_REFUSAL.closed)
  const again = await openSocialPopup(page, stack, 'google', async () => {
    await tabTo(page, tryAgain(page))
    await page.keyboard.press('Enter')
  })
  await signInAtProvider(again, { login: uniqueLogin('keys'), consent: 'allow' })
  await expectPopupClosed(again)
  await expectConnected(page)
})
