/**
 * The e-mail login as a person does it, in the demo dApp: the modal's e-mail form, the code read from the
 * devstack mailbox and typed (or pasted) into the six boxes of the frame's own prompt (the dApp page never
 * holds a code), the recovery passphrase typed into that prompt too. Every code, passphrase and session
 * token seen here is recorded for the canary.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Stack } from '@keyframe/devstack'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { recordSecret, type SecretKind } from './artifacts.ts'

/** The iframe's title (`parent-sdk/src/frame/createIframe.ts`). */
export const FRAME_TITLE = 'Keyframe wallet'
/** Where the frame keeps its session token on plain-http localhost (`frame-app/web/session/tokenStore.ts`). */
export const FRAME_TOKEN_KEY = 'keyframe:session'
/** The parent's login cache keys (`parent-sdk/src/core/loginCache.ts`) that a sign-out must wipe. */
export const LOGIN_CACHE = { email: '@keyframe/email', used: '@keyframe/email_login_used' } as const

/** Subjects of the frame server's mails (`frame-app/server/mail/templates.ts`), whatever the project's name. */
export const SUBJECT = {
  login: /^Your .+ login code$/,
  newDevice: /^New device for your .+ wallet$/,
  changePrimary: /^Confirm the e-mail change of your .+ wallet$/,
  changeSecondary: /^Verify your new e-mail for /,
  changed: /^The e-mail of your .+ wallet changed$/,
  reauth: /^Your .+ confirmation code$/,
} as const

/** The refusals' words (`frame-app/server/auth/refusals.ts`), shown in the frame's prompt. */
export const REFUSAL = {
  wrong: 'Invalid code',
  dead: 'Too many wrong codes. Please request a new one.',
} as const

/** Records a secret the current test saw (the canary looks for it in every log line of the run). */
export function remember(kind: SecretKind, value: string) {
  const info = test.info()
  recordSecret(info.workerIndex, info.titlePath.join(' › '), kind, value)
}

/** A fresh address per test: limits and accounts never carry over between tests. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`
}

/** A fresh recovery passphrase (≥ 12 characters), recorded. */
export function newPassphrase(): string {
  const passphrase = `kf ${randomBytes(6).toString('hex')} recovery`
  remember('passphrase', passphrase)
  return passphrase
}

/** The 6-digit code of the next mail to `to` with that subject, recorded. */
export async function codeFromMail(stack: Stack, to: string, subject: RegExp): Promise<string> {
  const mail = await stack.mail.waitFor(to, { subject, timeoutMs: 15_000 })
  const code = /^\s+(\d{6})\s*$/m.exec(mail.text)?.[1]
  if (!code) throw new Error(`No 6-digit code in the mail "${mail.subject}"`)
  remember('otp', code)
  return code
}

/** Mails to `to` so far. */
export function mailsTo(stack: Stack, to: string) {
  return stack.mail.messages().filter((m) => m.to.includes(to.toLowerCase()))
}

export const dialog = (page: Page) => page.getByRole('dialog')
export const framePrompt = (page: Page) => page.frameLocator(`iframe[title="${FRAME_TITLE}"]`)
/** Box `n` (1–6) of the code in the frame's prompt. */
export const codeBox = (page: Page, n: number) =>
  framePrompt(page).getByLabel(`Digit ${n} of 6`, { exact: true })

/** Opens the modal from the dApp's button (Connect when disconnected, Account when connected). */
export async function openModal(page: Page) {
  await page.getByRole('button', { name: /^(Connect|Account)$/ }).click()
  await expect(dialog(page)).toBeVisible()
}

/** Connect → e-mail → Continue, and waits for the six boxes of the frame's code prompt. */
export async function submitEmail(page: Page, email: string) {
  await openModal(page)
  await dialog(page).getByLabel('E-mail', { exact: true }).fill(email)
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(codeBox(page, 1)).toBeVisible({ timeout: 15_000 })
}

/**
 * Types a code into the frame's six boxes, one key per digit from the first box (over whatever they held),
 * then presses Verify: the boxes never send a code by themselves.
 */
export async function typeCode(page: Page, code: string, options: { verify?: boolean } = {}) {
  await expect(codeBox(page, 1)).toBeEditable({ timeout: 15_000 })
  await codeBox(page, 1).click()
  await page.keyboard.type(code)
  if (options.verify !== false) await verify(page)
}

/** Presses the prompt's Verify. */
export async function verify(page: Page) {
  await framePrompt(page).getByRole('button', { name: 'Verify', exact: true }).click()
}

/**
 * Pastes `text` into the first box from the real clipboard (Ctrl+V), as a person copying the code from the
 * mail does, then presses Verify.
 */
export async function pasteCode(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  })
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text)
  await expect(codeBox(page, 1)).toBeEditable({ timeout: 15_000 })
  await codeBox(page, 1).click()
  await page.keyboard.press('ControlOrMeta+V')
  await verify(page)
}

/** The frame's first-login prompt: creates the recovery passphrase. */
export async function createPassphrase(page: Page, passphrase: string) {
  const prompt = framePrompt(page)
  await expect(prompt.getByRole('heading', { name: 'Create a recovery passphrase' })).toBeVisible({
    timeout: 15_000,
  })
  await prompt.getByLabel('Passphrase', { exact: true }).fill(passphrase)
  await prompt.getByLabel('Repeat passphrase', { exact: true }).fill(passphrase)
  await prompt.getByRole('button', { name: 'Continue', exact: true }).click()
}

/** The frame's new-device prompt: enters the recovery passphrase. */
export async function enterPassphrase(page: Page, passphrase: string) {
  const prompt = framePrompt(page)
  await expect(prompt.getByRole('heading', { name: 'Enter your recovery passphrase' })).toBeVisible({
    timeout: 15_000,
  })
  await prompt.getByLabel('Passphrase', { exact: true }).fill(passphrase)
  await prompt.getByRole('button', { name: 'Continue', exact: true }).click()
}

/** Waits until the dApp shows the account connected; returns the address it shows. */
export async function expectConnected(page: Page, email?: string): Promise<string> {
  await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
  const address = page.getByTestId('account-address')
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  if (email !== undefined) await expect(page.getByTestId('account-email')).toHaveText(email)
  return (await address.textContent()) ?? ''
}

/** The frame document inside the page (its own origin, its own storage partition). */
export function frameOf(page: Page, stack: Stack): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${stack.frameOrigin}/`))
  if (!frame) throw new Error('The page has no frame document')
  return frame
}

/** The frame's session token in its own localStorage (null when there is none). */
export function frameToken(page: Page, stack: Stack): Promise<string | null> {
  return frameOf(page, stack).evaluate((key) => localStorage.getItem(key), FRAME_TOKEN_KEY)
}

/** Records the frame's session token (it must have one: the login just succeeded). */
export async function rememberSessionToken(page: Page, stack: Stack) {
  const token = await frameToken(page, stack)
  expect(token, `the frame's session token (${FRAME_TOKEN_KEY})`).toBeTruthy()
  remember('session-token', token!)
}

export type LoginOptions = {
  email: string
  passphrase: string
  /** What the frame asks after the code: a new wallet's passphrase, the existing one's, or nothing. */
  prompt: 'create' | 'enter' | 'none'
  /** How the code goes in (default: typed). */
  entry?: 'type' | 'paste'
  /** The dApp page to log in on (default: the page's current URL). */
  url?: string
}

/** A whole e-mail login on the dApp; returns the address the dApp shows once connected. */
export async function logIn(page: Page, stack: Stack, options: LoginOptions): Promise<string> {
  if (options.url) await page.goto(options.url)
  await submitEmail(page, options.email)
  const code = await codeFromMail(stack, options.email, SUBJECT.login)
  // Pasted as mails and messages often format it: a dash in the middle.
  if (options.entry === 'paste') await pasteCode(page, `${code.slice(0, 3)}-${code.slice(3)}`)
  else await typeCode(page, code)
  if (options.prompt === 'create') await createPassphrase(page, options.passphrase)
  else if (options.prompt === 'enter') await enterPassphrase(page, options.passphrase)
  const address = await expectConnected(page, options.email)
  await rememberSessionToken(page, stack)
  return address
}
