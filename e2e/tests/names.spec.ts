/**
 * Account names (issue 15 point 7, SPEC §4, §5, §8) on the local stack, once with an e-mail login (the
 * embedded wallet's approval in the frame) and once with an injected wallet: a name that breaks the rule is
 * a field error as typed; a name taken meanwhile gives chain-api's reason and the register view again; a free
 * name registers, RegisterAccountNameSuccess shows it and the Account header shows it as the profile name.
 * axe-core on every names view; the injected run goes by keyboard; screenshots dark, light and phone.
 */
import type { Locator, Page, TestInfo } from '@playwright/test'
import { getAddress } from 'viem'
import { expectAccessible } from '../support/axe.ts'
import { dialog, expectConnected, openModal } from '../support/email.ts'
import { newWallet, rejectButton } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_ADDRESS, DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'
import {
  expectHeaderName,
  expectNameError,
  expectRegistered,
  NAME_RULE,
  NAME_SUFFIX,
  nameField,
  nameStatus,
  openRegisterName,
  pressRegister,
  registerButton,
  takeName,
  typeFreeName,
  typeName,
  uniqueLabel,
} from '../support/wallet/names.ts'

// A stack of this file's own: names stay registered, and the injected dev wallet (one address for every
// test) must not carry this file's names into the other files' Account views. Reduced motion: axe checks the
// views' final colours, not a fade.
test.use({ stackOptions: { projectId: 'names-e2e' }, reducedMotion: 'reduce' })
// A login (scrypt in the frame), real chain-api calls, the frame's approval gate (1 s).
test.describe.configure({ timeout: 90_000 })

async function look(page: Page, testInfo: TestInfo, view: string) {
  const path = testInfo.outputPath(`${view.replace(/[^a-z0-9]+/gi, '-')}.png`)
  await page.screenshot({ path })
  await testInfo.attach(view, { path, contentType: 'image/png' })
  await expectAccessible(view, { page })
}

/** Presses Tab until `target` has the focus (in the modal's shadow root), at most 8 times. */
async function tabTo(page: Page, target: Locator) {
  const focused = () => target.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)
  for (let i = 0; i < 8 && !(await focused()); i++) await page.keyboard.press('Tab')
  expect(await focused(), 'reached by Tab').toBe(true)
}

async function connectInjected(page: Page, stack: Parameters<typeof injectDevWallet>[1]) {
  const wallet = await injectDevWallet(page, stack)
  await page.goto(stack.dappUrl)
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  wallet.acceptConnection()
  expect(getAddress(await expectConnected(page))).toBe(DEV_WALLET_ADDRESS)
  await expect(dialog(page)).toBeHidden()
  return wallet
}

/** The rule as typed, then a name someone takes between the check and Register. */
async function invalidThenTaken(
  page: Page,
  stack: Parameters<typeof takeName>[0],
  wallet: 'embedded' | 'injected',
) {
  await typeName(page, 'bob')
  await expectNameError(page, NAME_RULE)
  await typeName(page, 'bob smith')
  await expectNameError(page, NAME_RULE)

  const taken = uniqueLabel('taken')
  await typeFreeName(page, taken)
  await takeName(stack, taken)
  await pressRegister(page, wallet)
  // The toast (its icon is announced as 'Error:').
  await expect(dialog(page).locator('.kf-toasts')).toHaveText(
    `Error: Name is already registered: ${taken}${NAME_SUFFIX}`,
    { timeout: 15_000 },
  )
  await expect(dialog(page).getByRole('heading', { name: 'Choose a name', exact: true })).toBeVisible()
  await expect(nameField(page)).toHaveValue(taken)
  // chain-api now says it is taken: a field error, Register off.
  await expectNameError(page, `${taken}${NAME_SUFFIX} is taken`)
}

test('accessibility: RegisterAccountName with its error and with a free name, dark, light and phone', async ({
  page,
  stack,
}, testInfo) => {
  await connectInjected(page, stack)
  // The demo starts dark; its button toggles the theme.
  for (const { name, toggle, viewport } of [
    { name: 'dark', toggle: false, viewport: { width: 1280, height: 800 } },
    { name: 'light', toggle: true, viewport: { width: 1280, height: 800 } },
    { name: 'phone, light', toggle: false, viewport: { width: 375, height: 667 } },
  ] as const) {
    await page.setViewportSize(viewport)
    if (toggle) await page.getByRole('button', { name: 'Light theme', exact: true }).click()
    await openRegisterName(page)
    await typeName(page, 'bob')
    await expectNameError(page, NAME_RULE)
    // chain-api's free variants of what was typed.
    await expect(dialog(page).getByRole('button', { name: `bob-1${NAME_SUFFIX}`, exact: true })).toBeVisible()
    await look(page, testInfo, `RegisterAccountName with an error, ${name}`)
    await typeFreeName(page, uniqueLabel('look'))
    await look(page, testInfo, `RegisterAccountName with a free name, ${name}`)
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
  }
})

test('behavior: e-mail login (embedded wallet) — field errors, a taken name, then a name registered and shown in the header', async ({
  page,
  stack,
}, testInfo) => {
  // On a phone, in the light theme: the frame's approval and the names views at 375 px.
  await page.setViewportSize({ width: 375, height: 667 })
  const address = await newWallet(page, stack, 'names')
  await page.getByRole('button', { name: 'Light theme', exact: true }).click()
  await openRegisterName(page)
  await invalidThenTaken(page, stack, 'embedded')

  // Rejected in the frame: 'Signature declined', the register view again with the name.
  const declined = uniqueLabel('nope')
  await typeFreeName(page, declined)
  await registerButton(page).click()
  await rejectButton(page).click()
  await expect(dialog(page).locator('.kf-toasts')).toHaveText('Error: Signature declined', {
    timeout: 15_000,
  })
  await expect(dialog(page).getByRole('heading', { name: 'Choose a name', exact: true })).toBeVisible()
  await expect(nameField(page)).toHaveValue(declined)

  const label = uniqueLabel('ada')
  await typeFreeName(page, label)
  await pressRegister(page, 'embedded')
  await expectRegistered(page, `${label}${NAME_SUFFIX}`)
  // The modal stayed open through the approval: Back leads to Account.
  await expect(dialog(page).getByRole('button', { name: 'Back', exact: true })).toBeVisible()
  await look(page, testInfo, 'RegisterAccountNameSuccess, phone, light')
  await expectHeaderName(page, `${label}${NAME_SUFFIX}`)

  // The embedded wallet's signature is its EOA's: chain-api holds the name for this address.
  const reverse = await fetch(
    `${stack.chainApiUrl}/v1/identity/${address}?projectId=${stack.projectId}&st=e2e&sv=0`,
  )
  expect(await reverse.json()).toEqual({ name: `${label}${NAME_SUFFIX}`, avatar: null })
})

test('behavior: injected wallet, by keyboard — field errors, a taken name, then a name registered and shown in the header', async ({
  page,
  stack,
}, testInfo) => {
  const wallet = await connectInjected(page, stack)
  await openRegisterName(page)
  await invalidThenTaken(page, stack, 'injected')
  expect(wallet.methods.filter((m) => m === 'personal_sign')).toHaveLength(1)

  // By keyboard alone: Tab to the field, a free name, Enter registers; Tab to 'Back to account', Enter.
  const label = uniqueLabel('kbd')
  await tabTo(page, nameField(page))
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(label)
  await expect(nameStatus(page)).toHaveText(`${label}${NAME_SUFFIX} is available`, { timeout: 10_000 })
  await expect(registerButton(page)).toBeEnabled()
  await page.keyboard.press('Enter')
  await expectRegistered(page, `${label}${NAME_SUFFIX}`)
  await look(page, testInfo, 'RegisterAccountNameSuccess, dark')
  await tabTo(page, dialog(page).getByRole('button', { name: 'Back to account', exact: true }))
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByTestId('kf-profile-name')).toHaveText(`${label}${NAME_SUFFIX}`, {
    timeout: 10_000,
  })
  expect(wallet.methods.filter((m) => m === 'personal_sign')).toHaveLength(2)
})
