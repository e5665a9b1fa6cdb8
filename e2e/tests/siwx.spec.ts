/**
 * Issue 18, sign in with the wallet, in a real browser: the demo dApp (127.0.0.1) with sign-in on
 * (`?siwx=`), the embedded wallet's frame on its own origin (localhost), and the example backend the demo
 * mounts on its own origin. The embedded wallet (e-mail login) and an injected one (EIP-6963, an anvil key)
 * sign in through the modal; the signed message verifies with the `siwe` package (ethers) and with the
 * backend's verifier; a tampered message, a reused nonce, an expired message and a wrong domain are refused.
 * Required: the close control is disabled, Cancel disconnects; optional: Cancel closes, still connected. The
 * frame refuses a sign-in message for another domain before showing anything (control: the page's own).
 */
import type { Stack } from '@keyframe/devstack'
import type { SiwxSession } from '@keyframe/sdk/siwx'
import type { Page } from '@playwright/test'
import { SiweErrorType, SiweMessage } from 'siwe'
import { getAddress, toHex } from 'viem'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { expectAccessible } from '../support/axe.ts'
import { libraryResult, runAction } from '../support/demo.ts'
import {
  dialog,
  expectConnected,
  frameOf,
  framePrompt,
  logIn,
  newPassphrase,
  openModal,
  uniqueEmail,
} from '../support/email.ts'
import {
  approve,
  discoverKeyframe,
  newWallet,
  outcomeOf,
  rejectButton,
  request,
  resultOf,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import {
  DEV_WALLET_ADDRESS,
  DEV_WALLET_INFO,
  type DevWallet,
  injectDevWallet,
} from '../support/injectedWallet.ts'
import { tabTo } from '../support/keyboard.ts'
import { checkLook, lookAt } from '../support/looks.ts'
import {
  askBackend,
  backendNonce,
  expectNotSignedIn,
  expectRefused,
  expectSignedIn,
  expectSignInView,
  pageSession,
  postVerify,
  type SiwxMode,
  signedInNode,
  signInView,
  siwxUrl,
  tamperStatement,
} from '../support/siwx.ts'
import {
  chooseWalletConnect,
  scanPairingQr,
  test as walletConnectTest,
} from '../support/wallet/walletConnect.ts'

// The embedded wallet's tests log in (scrypt in the frame, real mail) and approve in the frame.
test.describe.configure({ timeout: 90_000 })

const REFUSED = {
  signature: "The signature does not match the message's address",
  nonce: 'The nonce is unknown or was already used',
  expired: 'The message has expired',
} as const

const hostOf = (stack: Stack) => new URL(stack.dappUrl).host
const originOf = (stack: Stack) => new URL(stack.dappUrl).origin

/** The `siwe` package's verdict on a signed message: 'valid', or its error's type. */
async function siweVerdict(
  message: string,
  signature: string,
  expected: { domain: string; nonce?: string },
): Promise<string> {
  const result = await new SiweMessage(message).verify(
    { signature, ...expected },
    { suppressExceptions: true },
  )
  return result.success ? 'valid' : String(result.error?.type)
}

/** Whether the focus is inside the modal's dialog (in its shadow root), where its keys are heard. */
function focusInDialog(page: Page): Promise<boolean> {
  return dialog(page).evaluate((card) => card.contains((card.getRootNode() as ShadowRoot).activeElement))
}

/** The dev wallet installed, the demo opened with sign-in `mode`, connected through the modal's Connect. */
async function connectInjected(page: Page, stack: Stack, mode: SiwxMode): Promise<DevWallet> {
  const wallet = await injectDevWallet(page, stack)
  await page.goto(siwxUrl(stack, mode))
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  wallet.acceptConnection()
  await expectConnected(page)
  return wallet
}

/**
 * The page's session, checked as a dApp's backend would: its fields are the page's, the `siwe` package
 * verifies it, and the example backend (which verified it at sign-in) says who is signed in.
 */
async function expectVerifiedSession(page: Page, stack: Stack, address: string): Promise<SiwxSession> {
  const session = await pageSession(page)
  expect(session.data).toMatchObject({
    domain: hostOf(stack),
    uri: originOf(stack),
    version: '1',
    chainId: 'eip155:31337',
    accountAddress: address,
  })
  expect(
    await siweVerdict(session.message, session.signature, {
      domain: hostOf(stack),
      nonce: session.data.nonce,
    }),
  ).toBe('valid')
  expect(await askBackend(page)).toMatch(new RegExp(`^${address} on (eip155:)?31337$`, 'i'))
  return session
}

/**
 * The signed session replayed to the backend: one character of its statement changed (the `siwe` package
 * refuses it too), then the very message again, whose nonce the sign-in used. The controls are the sign-in
 * itself: the untouched message verified once, with that nonce.
 */
async function expectTamperedAndReusedRefused(page: Page, stack: Stack, session: SiwxSession) {
  const tampered = tamperStatement(session)
  expect(await siweVerdict(tampered, session.signature, { domain: hostOf(stack) })).toBe(
    SiweErrorType.INVALID_SIGNATURE,
  )
  expectRefused(
    await postVerify(page, { message: tampered, signature: session.signature }),
    'signature',
    REFUSED.signature,
  )
  expectRefused(
    await postVerify(page, { message: session.message, signature: session.signature }),
    'nonce',
    REFUSED.nonce,
  )
}

/**
 * Keeps, from now on, the method of every approval screen the frame puts up (its APPROVAL_REQUESTED, as the
 * page's SDK state `approvalScreen` follows it). The modal opens for an unsafe request before the frame
 * answers; what the frame showed is this.
 */
async function recordApprovalScreens(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    type State = { approvalScreen: { open: boolean; id?: string; method?: string } }
    const kf = (window as unknown as { keyframe: { subscribe(l: (s: State) => void): () => void } }).keyframe
    const shown: string[] = []
    let last: string | undefined
    Object.assign(window, { __approvalScreens: shown })
    kf.subscribe(({ approvalScreen }) => {
      if (approvalScreen.open && approvalScreen.id !== last) shown.push(approvalScreen.method ?? '')
      last = approvalScreen.open ? approvalScreen.id : undefined
    })
  })
  return () =>
    page.evaluate(() => [...(window as unknown as { __approvalScreens: string[] }).__approvalScreens])
}

/** An EIP-4361 message for `domain` (on the page's URI) signed by `address` on the first dev chain. */
function siweText(stack: Stack, domain: string, address: `0x${string}`): string {
  return createSiweMessage({
    domain,
    uri: domain === hostOf(stack) ? originOf(stack) : `https://${domain}`,
    version: '1',
    chainId: 31337,
    nonce: generateSiweNonce(),
    address,
    statement: 'Sign in to the Keyframe demo.',
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 60 * 60_000),
  })
}

test.describe('sign in with the wallet (issue 18)', () => {
  test('behavior: the embedded wallet (e-mail login), sign-in required — the frame shows a sign-in for this site, a decline says so and stays, then the signed message verifies with siwe and the example backend; a tampered one and the reused one are refused', async ({
    page,
    stack,
  }, testInfo) => {
    const host = hostOf(stack)
    const address = getAddress(
      await logIn(page, stack, {
        url: siwxUrl(stack, 'required'),
        email: uniqueEmail('siwx'),
        passphrase: newPassphrase(),
        prompt: 'create',
      }),
    )
    const view = signInView(page)
    await expectSignInView(page)
    await expect(view.heading).toHaveText('Sign in to Keyframe demo')
    await expect(view.dialog).toContainText(
      `${host} asks you to sign a message with your wallet to prove this address is yours. It costs nothing and sends no transaction.`,
    )
    await expect(view.requiredNote).toBeVisible()
    await expect(view.address).toHaveAttribute('title', address)
    await expectNotSignedIn(page)

    const frameHeading = framePrompt(page).getByRole('heading', { name: `Sign in to ${host}` })
    await test.step('declined in the frame: the view says so and stays', async () => {
      await view.sign.click()
      await expect(frameHeading).toBeVisible({ timeout: 15_000 })
      await expect(framePrompt(page).getByText(/matches the site asking/)).toBeVisible()
      // Required and not signed in: the close control stays disabled over the frame's approval too.
      await expect(view.close).toBeDisabled()
      await expectAccessible('the frame’s sign-in approval', { frame: frameOf(page, stack) })
      await rejectButton(page).click()
      await expectSignInView(page)
      await expect(view.alert).toHaveText('Signature declined')
      await checkLook(page, testInfo, 'SIWXSignMessage (declined)')
    })

    await test.step('approved in the frame: signed in, the modal closes', async () => {
      await view.sign.click()
      await expect(frameHeading).toBeVisible({ timeout: 15_000 })
      await approve(page)
      await expect(dialog(page)).toBeHidden()
      await expectSignedIn(page, address)
      await expect(page.getByTestId('account-status')).toHaveText('connected')
    })

    const session = await expectVerifiedSession(page, stack, address)
    await expectTamperedAndReusedRefused(page, stack, session)
  })

  test('behavior: an injected wallet, sign-in required — the close control, Escape and the backdrop do not close the view (control: signed in, they do); by keyboard it signs in, verified by siwe and the example backend; a tampered one and the reused one are refused; Disconnect signs out at the backend too', async ({
    page,
    stack,
  }, testInfo) => {
    const wallet = await connectInjected(page, stack, 'required')
    const view = signInView(page)
    await expectSignInView(page)
    await expect(view.close).toBeDisabled()
    // Escape goes to the dialog (the focus is in it), the click to the backdrop: neither closes it.
    expect(await focusInDialog(page)).toBe(true)
    await page.keyboard.press('Escape')
    await page.mouse.click(4, 4)
    await expect(page.getByTestId('modal-state')).toHaveText('open (SIWXSignMessage)')
    await lookAt(page, testInfo, 'SIWXSignMessage (required)')

    await tabTo(page, view.sign)
    await page.keyboard.press('Enter')
    await expect(dialog(page)).toBeHidden()
    await expectSignedIn(page, DEV_WALLET_ADDRESS)
    expect(wallet.methods).toContain('personal_sign')

    const session = await expectVerifiedSession(page, stack, DEV_WALLET_ADDRESS)
    await expectTamperedAndReusedRefused(page, stack, session)

    // The control of the held close: signed in, the same Escape and backdrop click close the modal.
    await openModal(page)
    expect(await focusInDialog(page)).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    await openModal(page)
    await page.mouse.click(4, 4)
    await expect(dialog(page)).toBeHidden()

    // The dApp's Disconnect ends the session in the page and, signing out, at the backend.
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await expectNotSignedIn(page)
    expect(await askBackend(page)).toBe('Not signed in')
  })

  test('behavior: the example backend refuses an expired message and one for another domain, each signed by a real key with a fresh nonce (siwe refuses them too); control: a message for this page, in time, with the refused one’s nonce, is accepted', async ({
    page,
    stack,
  }) => {
    const host = hostOf(stack)
    await page.goto(siwxUrl(stack, 'optional'))

    const hour = 60 * 60_000
    const expired = await signedInNode(page, {
      nonce: await backendNonce(page),
      issuedAt: new Date(Date.now() - 2 * hour),
      expirationTime: new Date(Date.now() - hour),
    })
    expect(await siweVerdict(expired.message, expired.signature, { domain: host })).toBe(
      SiweErrorType.EXPIRED_MESSAGE,
    )
    expectRefused(
      await postVerify(page, { message: expired.message, signature: expired.signature }),
      'expired',
      REFUSED.expired,
    )

    const nonce = await backendNonce(page)
    const elsewhere = await signedInNode(page, { nonce, domain: 'evil.example' })
    expect(await siweVerdict(elsewhere.message, elsewhere.signature, { domain: host })).toBe(
      SiweErrorType.DOMAIN_MISMATCH,
    )
    expectRefused(
      await postVerify(page, { message: elsewhere.message, signature: elsewhere.signature }),
      'domain',
      `The message is for evil.example, not for ${host}`,
    )

    // The refusals came before the nonce was used: the same nonce signs in for this page.
    const good = await signedInNode(page, { nonce })
    expect(await siweVerdict(good.message, good.signature, { domain: host, nonce })).toBe('valid')
    expect(await postVerify(page, { message: good.message, signature: good.signature })).toEqual({
      status: 200,
      body: { address: DEV_WALLET_ADDRESS, chainId: 31337 },
    })
    expect(await askBackend(page)).toMatch(new RegExp(`^${DEV_WALLET_ADDRESS} on (eip155:)?31337$`, 'i'))
  })

  test('behavior: sign-in required, Cancel disconnects the wallet', async ({ page, stack }) => {
    await connectInjected(page, stack, 'required')
    const view = signInView(page)
    await expectSignInView(page)
    await expect(view.requiredNote).toBeVisible()
    await view.cancel.click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await expect(dialog(page)).toBeHidden()
    await expectNotSignedIn(page)
    expect(await askBackend(page)).toBe('Not signed in')
  })

  test('behavior: sign-in optional, the close control works and Cancel closes the modal, still connected; the flow does not ask again for that account', async ({
    page,
    stack,
  }, testInfo) => {
    await connectInjected(page, stack, 'optional')
    const view = signInView(page)
    await expectSignInView(page)
    // The control of the required tests: here nothing holds the modal.
    await expect(view.close).toBeEnabled()
    await expect(view.requiredNote).toBeHidden()
    await checkLook(page, testInfo, 'SIWXSignMessage (optional)')
    await view.cancel.click()
    await expect(dialog(page)).toBeHidden()
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expectNotSignedIn(page)
    // The dApp's Account button opens the Account view, not the sign-in again.
    await openModal(page)
    await expect(page.getByTestId('modal-state')).toHaveText('open (Account)')
  })

  test('behavior: sessions follow the chain — switched to a chain without a session, the view asks again; back on the first, its session is still live and nothing asks, nor after a reload', async ({
    page,
    stack,
  }) => {
    await connectInjected(page, stack, 'optional')
    await expectSignInView(page)
    await signInView(page).sign.click()
    await expect(dialog(page)).toBeHidden()
    await expectSignedIn(page, DEV_WALLET_ADDRESS, 31337)

    await runAction(page, 'viem', 'Switch chain')
    expect(await libraryResult(page, 'viem', 'chain')).toBe('31338')
    await expectSignInView(page)
    await expectNotSignedIn(page)
    await signInView(page).sign.click()
    await expect(dialog(page)).toBeHidden()
    await expectSignedIn(page, DEV_WALLET_ADDRESS, 31338)
    expect((await pageSession(page)).data.chainId).toBe('eip155:31338')

    await runAction(page, 'viem', 'Switch chain')
    expect(await libraryResult(page, 'viem', 'chain')).toBe('31337')
    await expectSignedIn(page, DEV_WALLET_ADDRESS, 31337)
    await expect(page.getByTestId('modal-state')).toHaveText('closed')

    // A reload reconnects the wallet and takes the session from the page's store: nothing asks.
    await page.reload()
    await expectConnected(page)
    await expectSignedIn(page, DEV_WALLET_ADDRESS, 31337)
    await expect(page.getByTestId('modal-state')).toHaveText('closed')
  })

  test('behavior: `siweConfig` (the AppKit alias) signs in through ConnectingSiwe with the same backend', async ({
    page,
    stack,
  }) => {
    await connectInjected(page, stack, 'siwe')
    await expectSignInView(page, 'ConnectingSiwe')
    await signInView(page).sign.click()
    await expect(dialog(page)).toBeHidden()
    await expectSignedIn(page, DEV_WALLET_ADDRESS)
    await expectVerifiedSession(page, stack, DEV_WALLET_ADDRESS)
  })

  walletConnectTest(
    'behavior: a WalletConnect wallet app (eip155 only) signs in when required, verified by siwe and the example backend',
    async ({ page, stack, walletApp }) => {
      await page.goto(siwxUrl(stack, 'required'))
      await chooseWalletConnect(page)
      await walletApp.connect(await scanPairingQr(page))
      await expectConnected(page)
      await expectSignInView(page)
      await signInView(page).sign.click()
      await expect(dialog(page)).toBeHidden({ timeout: 15_000 })
      const address = getAddress(walletApp.address)
      await expectSignedIn(page, address)
      expect(walletApp.requests.map((r) => r.method)).toContain('personal_sign')
      await expectVerifiedSession(page, stack, address)
    },
  )

  test('attack: the frame refuses to sign a sign-in message for another domain (4100) or another account, before any screen; control: the page’s own domain shows the sign-in approval and signs', async ({
    page,
    stack,
  }) => {
    const host = hostOf(stack)
    const address = await newWallet(page, stack, 'siwx-frame')
    await expect(dialog(page)).toBeHidden()
    await discoverKeyframe(page)
    const approvalScreens = await recordApprovalScreens(page)

    expect(
      await request(page, 'personal_sign', [toHex(siweText(stack, 'evil.example', address)), address]),
    ).toEqual({
      ok: false,
      code: 4100,
      message: `This sign-in message is for evil.example, not for ${host}`,
    })
    expect(
      await request(page, 'personal_sign', [toHex(siweText(stack, host, DEV_WALLET_ADDRESS)), address]),
    ).toMatchObject({ ok: false, message: 'This sign-in message is for another account' })
    expect(await approvalScreens(), 'approval screens the frame showed for the refused messages').toEqual([])

    const message = siweText(stack, host, address)
    const signing = await startRequest(page, 'personal_sign', [toHex(message), address])
    await expect(framePrompt(page).getByRole('heading', { name: `Sign in to ${host}` })).toBeVisible({
      timeout: 15_000,
    })
    await approve(page)
    const signature = resultOf(await outcomeOf(page, signing)) as string
    expect(await siweVerdict(message, signature, { domain: host })).toBe('valid')
    expect(await approvalScreens()).toEqual(['personal_sign'])
  })
})
