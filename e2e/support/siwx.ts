/**
 * Sign in with the wallet (issue 18) as the e2e suites see it: the demo dApp with sign-in on (`?siwx=`), the
 * modal's sign-in view, the session the page holds, and the example backend the demo mounts on its own
 * origin (`/siwx/nonce`, `/siwx/verify`, `/siwx/session`), called from the page so the browser sets the
 * `Origin` the backend checks. A message signed in Node (by the dev wallet's key) stands for a forger's.
 * @module
 */
import type { Stack } from '@keyframe/devstack'
import type { SiwxSession } from '@keyframe/sdk/siwx'
import { expect, type Page } from '@playwright/test'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { dialog } from './email.ts'
import { DEV_WALLET_KEY } from './injectedWallet.ts'

/** The demo's sign-in switch: required, optional, or the `siweConfig` alias (optional). */
export type SiwxMode = 'required' | 'optional' | 'siwe'

/** The demo dApp with sign-in on. */
export function siwxUrl(stack: Stack, mode: SiwxMode): string {
  return `${new URL(`?siwx=${mode}`, stack.dappUrl)}`
}

/** The modal's sign-in view (SIWXSignMessage, or ConnectingSiwe for `siweConfig`) and its controls. */
export function signInView(page: Page) {
  const modal = dialog(page)
  return {
    dialog: modal,
    heading: modal.getByRole('heading', { name: /^Sign in to / }),
    sign: modal.getByRole('button', { name: /^(Sign|Signing…)$/ }),
    cancel: modal.getByRole('button', { name: 'Cancel', exact: true }),
    close: modal.getByRole('button', { name: 'Close', exact: true }),
    alert: modal.getByRole('alert'),
    /** The short address; its `title` holds the full one. */
    address: modal.getByTestId('kf-siwx-address'),
    /** "Cancelling disconnects your wallet.": shown only when sign-in is required. */
    requiredNote: modal.getByText('Cancelling disconnects your wallet.', { exact: true }),
    /** "Confirm in {wallet name}" while an injected or WalletConnect wallet is asked to sign. */
    confirmIn: (walletName: string) =>
      modal.getByRole('status').filter({ hasText: `Confirm in ${walletName}` }),
  }
}

/** Waits until the modal shows the sign-in view (`view`: the view's name in the demo's modal state). */
export async function expectSignInView(
  page: Page,
  view: 'SIWXSignMessage' | 'ConnectingSiwe' = 'SIWXSignMessage',
): Promise<void> {
  await expect(page.getByTestId('modal-state')).toHaveText(`open (${view})`, { timeout: 15_000 })
  await expect(signInView(page).heading).toBeVisible()
}

/** The demo's line about the page's session: signed in as `address` (any case) on `chainId`. */
export async function expectSignedIn(page: Page, address: string, chainId = 31337): Promise<void> {
  await expect(page.getByTestId('siwx-session')).toHaveText(
    new RegExp(`^signed in as ${address} on (eip155:)?${chainId}$`, 'i'),
    { timeout: 15_000 },
  )
}

export async function expectNotSignedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('siwx-session')).toHaveText('not signed in')
}

/** The session the page's SDK holds (`getState().siwx.session`, what `getSession(kf)` gives). */
export async function pageSession(page: Page): Promise<SiwxSession> {
  const session = await page.evaluate(
    () =>
      (
        window as unknown as { keyframe: { getState(): { siwx?: { session?: SiwxSession } } } }
      ).keyframe.getState().siwx?.session,
  )
  if (!session) throw new Error('The page holds no sign-in session')
  return session
}

/** Asks the example backend, through the demo's button, who is signed in; returns what the demo shows. */
export async function askBackend(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Ask the backend who is signed in', exact: true }).click()
  const answer = page.getByTestId('siwx-backend')
  await expect(answer).not.toHaveText(/^(asking the backend…)?$/)
  return (await answer.textContent()) ?? ''
}

/** What the backend answered: its status and JSON body (or text, for a nonce). */
export type BackendReply = { status: number; body: unknown }

/** `POST /siwx/verify` from the page (same origin: the browser sends the page's `Origin`). */
export function postVerify(page: Page, body: { message: string; signature: string }): Promise<BackendReply> {
  return page.evaluate(async (body) => {
    const response = await fetch('/siwx/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: response.status, body: parsed }
  }, body)
}

/** A fresh nonce from `GET /siwx/nonce`. */
export async function backendNonce(page: Page): Promise<string> {
  const nonce = await page.evaluate(async () => {
    const response = await fetch('/siwx/nonce')
    if (!response.ok) throw new Error(`GET /siwx/nonce: ${response.status}`)
    return response.text()
  })
  expect(nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
  return nonce
}

/** Expects the backend's refusal: a 4xx with the verifier's reason and words. */
export function expectRefused(reply: BackendReply, reason: string, error: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400)
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
  expect(reply.body).toEqual({ reason, error })
}

/** The same text with one character of its statement line changed. */
export function tamperStatement(session: SiwxSession): string {
  const statement = session.data.statement
  if (!statement) throw new Error('The signed message has no statement to tamper with')
  const first = statement[0] === 'X' ? 'Y' : 'X'
  const tampered = session.message.replace(`\n${statement}\n`, `\n${first}${statement.slice(1)}\n`)
  expect(tampered).not.toBe(session.message)
  return tampered
}

/**
 * An EIP-4361 message for the page's dApp, built and signed in Node with the dev wallet's key (`key`), as a
 * forger holding a key would: `overrides` change its domain or times.
 */
export async function signedInNode(
  page: Page,
  options: { nonce: string; domain?: string; issuedAt?: Date; expirationTime?: Date; key?: Hex },
): Promise<{ message: string; signature: Hex; address: string }> {
  const account = privateKeyToAccount(options.key ?? DEV_WALLET_KEY)
  const origin = new URL(page.url()).origin
  const issuedAt = options.issuedAt ?? new Date()
  const message = createSiweMessage({
    domain: options.domain ?? new URL(origin).host,
    uri: origin,
    version: '1',
    chainId: 31337,
    nonce: options.nonce,
    address: account.address,
    statement: 'Sign in to the Keyframe demo.',
    issuedAt,
    expirationTime: options.expirationTime ?? new Date(issuedAt.getTime() + 60 * 60_000),
  })
  return { message, signature: await account.signMessage({ message }), address: account.address }
}
