/**
 * Account names (issue 15 point 7) as a person registers one in the demo dApp: from the Account view's
 * "Choose a name" to RegisterAccountName, the name typed, Register, the wallet's approval (the frame's for
 * the embedded wallet; the injected dev wallet signs without asking), RegisterAccountNameSuccess, and the
 * name in the Account header. The journey spec reuses these steps.
 *
 * Names stay registered for the stack's life: a name registered for the injected dev wallet (one address for
 * every test) becomes its profile name in every later test on that stack.
 * @module
 */
import type { Stack } from '@keyframe/devstack'
import { evmChainIdToCoinType } from '@keyframe/protocol'
import { nameRegistrationText } from '@keyframe/protocol/chain-api/names'
import { expect, type Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog } from '../email.ts'
import { approve } from '../evm.ts'

/** What the field says about a label that breaks SPEC §5 (`@keyframe/protocol` ACCOUNT_NAME_ERROR). */
export const NAME_RULE = 'Name must be at least 4 characters and use only letters, digits and hyphens'
/** The dev stack's chain-api suffix (its default `nameSuffix`). */
export const NAME_SUFFIX = '.keyframe.id'

/** A label no other test registers: `prefix-` and 6 random characters. */
export function uniqueLabel(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}`
}

export const nameField = (page: Page) => dialog(page).getByLabel('Name', { exact: true })
export const registerButton = (page: Page) =>
  dialog(page).getByRole('button', { name: 'Register', exact: true })
/** The field's status line ('… is available', 'Checking…'). */
export const nameStatus = (page: Page) => dialog(page).locator('.kf-name-status')

/** Opens the modal on the Account view from the dApp's button (connected). */
export async function openAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
}

/** Account → "Choose a name" → RegisterAccountName, the field ready. */
export async function openRegisterName(page: Page): Promise<void> {
  await openAccount(page)
  await dialog(page).getByRole('button', { name: 'Choose a name', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Choose a name', exact: true })).toBeVisible()
  await expect(nameField(page)).toBeEditable()
}

/** Types `label` into the name field as a person does (key by key, over what it held). */
export async function typeName(page: Page, label: string): Promise<void> {
  await nameField(page).fill('')
  await nameField(page).pressSequentially(label)
}

/** The field shows `error` (its alert, aria-invalid) and Register is disabled. */
export async function expectNameError(page: Page, error: string): Promise<void> {
  await expect(nameField(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(nameField(page)).toHaveAccessibleDescription(new RegExp(`^${error}`))
  await expect(registerButton(page)).toBeDisabled()
}

/** Types `label` and waits until chain-api says it is free and Register can be pressed. */
export async function typeFreeName(page: Page, label: string): Promise<void> {
  await typeName(page, label)
  await expect(nameStatus(page)).toHaveText(`${label}${NAME_SUFFIX} is available`, { timeout: 10_000 })
  await expect(registerButton(page)).toBeEnabled()
}

/**
 * Presses Register and signs: for the embedded wallet, the frame's approval of the personal_sign; the injected
 * dev wallet signs by itself.
 */
export async function pressRegister(page: Page, wallet: 'embedded' | 'injected'): Promise<void> {
  await registerButton(page).click()
  if (wallet === 'embedded') await approve(page)
}

/** RegisterAccountNameSuccess names `fullName`; its button leads back to the Account view. */
export async function expectRegistered(page: Page, fullName: string): Promise<void> {
  await expect(dialog(page).getByRole('heading', { name: 'Name registered', exact: true })).toBeVisible({
    timeout: 15_000,
  })
  await expect(dialog(page).getByTestId('kf-registered-name')).toHaveText(fullName, { timeout: 15_000 })
}

/** From the success view back to Account, whose header shows `fullName` as the profile name. */
export async function expectHeaderName(page: Page, fullName: string): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Back to account', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
  await expect(dialog(page).getByTestId('kf-profile-name')).toHaveText(fullName, { timeout: 10_000 })
}

/**
 * The whole registration of a free `label` from a connected dApp: Account → Choose a name → type → Register
 * → approve → success → Account showing the name. Returns the full name.
 */
export async function registerAccountName(
  page: Page,
  label: string,
  wallet: 'embedded' | 'injected',
): Promise<string> {
  const fullName = `${label}${NAME_SUFFIX}`
  await openRegisterName(page)
  await typeFreeName(page, label)
  await pressRegister(page, wallet)
  await expectRegistered(page, fullName)
  await expectHeaderName(page, fullName)
  return fullName
}

/** Someone else (a fresh key, from Node) registers `label` on the stack's chain-api, as a wallet would. */
export async function takeName(stack: Stack, label: string): Promise<void> {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = nameRegistrationText({ name: label, timestamp: Math.floor(Date.now() / 1000) })
  const url = new URL('/v1/profile/account', stack.chainApiUrl)
  for (const [key, value] of Object.entries({ projectId: stack.projectId, st: 'e2e', sv: '0' }))
    url.searchParams.set(key, value)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: evmChainIdToCoinType(stack.chains[0]!.chainId),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}
