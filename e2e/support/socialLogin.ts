/**
 * Social login as a person does it on the demo: the provider's button in the Connect view, the provider's
 * own login and consent pages (the devstack's oidc-provider stand-in) in the popup the press opened, back
 * on the dApp connected. The social, redirect and Farcaster specs share one stack (same options: one worker).
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Stack, StackOptions } from '@keyframe/devstack'
import type { SocialProvider } from '@keyframe/protocol/core'
import { expect, type Page } from '@playwright/test'
import { dialog, expectConnected, openModal, rememberSessionToken } from './email.ts'
import { signInAtProvider } from './social.ts'

/**
 * The stack of the social specs: the dApp on a second top-level site too, and operator recovery (a new
 * device rebuilds the wallet without a passphrase, as the second-site check and bench ask).
 */
export const SOCIAL_STACK = { secondSite: true, recoveryMode: 'operator' } as const satisfies Omit<
  StackOptions,
  'logFile'
>

/** The providers' display names (owners' shared decisions), as their buttons and messages say them. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/** What the ConnectingSocial view says when a login ends without a wallet (owners' shared decisions). */
export const SOCIAL_REFUSAL = {
  closed: 'The login window was closed',
  declined: 'The login was declined',
} as const

/**
 * A login name the provider stand-in has never seen, so its account is new: `<name>` → e-mail
 * `<name>@example.test`, verified (devstack/src/oidc).
 */
export function uniqueLogin(label: string): string {
  return `${label}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
}

/** The second site's dApp URL (`SOCIAL_STACK.secondSite`). */
export function secondSite(stack: Stack): string {
  if (!stack.secondDappUrl) throw new Error('The stack has no second site (stackOptions.secondSite)')
  return stack.secondDappUrl
}

/** The provider's button in the Connect view (the first social reads "Continue with …"). */
export const socialButton = (page: Page, provider: SocialProvider) =>
  dialog(page).getByRole('button', { name: new RegExp(`^(Continue with )?${PROVIDER_NAMES[provider]}$`) })

/** The modal on the ConnectingSocial view. */
export const connectingSocial = (page: Page) => page.locator('[role="dialog"][data-view="ConnectingSocial"]')

/** The view's error (the alert) once a login ended without a wallet. */
export const socialAlert = (page: Page) => connectingSocial(page).getByRole('alert')

/**
 * Presses `press` (the provider's button unless given, e.g. Try again), which opens the login popup
 * synchronously; returns the popup once it shows the provider's page (no longer the frame's own).
 */
export async function openSocialPopup(
  page: Page,
  stack: Stack,
  provider: SocialProvider,
  press: () => Promise<void> = async () => {
    if (!(await dialog(page).isVisible())) await openModal(page)
    await socialButton(page, provider).click()
  },
): Promise<Page> {
  const opened = page.waitForEvent('popup')
  await press()
  const popup = await opened
  await expect(connectingSocial(page)).toBeVisible()
  await atProvider(popup, stack)
  return popup
}

/** Waits until `page` shows the provider stand-in's pages (any http page off the frame's and the dApp's origins). */
export async function atProvider(page: Page, stack: Stack): Promise<void> {
  const ours = [stack.frameOrigin, stack.dappOrigin, stack.secondDappOrigin]
  await page.waitForURL((url) => url.protocol === 'http:' && !ours.includes(url.origin), { timeout: 15_000 })
}

/** The popup closed itself (the callback page closes it once it posted the result). */
export async function expectPopupClosed(popup: Page): Promise<void> {
  await expect.poll(() => popup.isClosed(), { message: 'the login popup closed itself' }).toBe(true)
}

/**
 * A whole social login in the popup, the provider's consent allowed; returns the address the dApp shows
 * once connected (its session token recorded for the canary).
 */
export async function socialLogIn(
  page: Page,
  stack: Stack,
  provider: SocialProvider,
  login: string,
): Promise<string> {
  const popup = await openSocialPopup(page, stack, provider)
  await signInAtProvider(popup, { login, consent: 'allow' })
  await expectPopupClosed(popup)
  const address = await expectConnected(page)
  await rememberSessionToken(page, stack)
  return address
}
