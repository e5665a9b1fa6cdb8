/**
 * WalletConnect (issue 16, acceptance 1): a wallet app — `@reown/walletkit` in Node with an anvil account,
 * over the stack's relay — scans the pairing URI off the screen (the QR code's screenshot decoded, never the
 * DOM) and approves; the dApp is connected, `personal_sign` verifies, `eth_sendTransaction` lands on anvil,
 * the wallet's chain switch reaches the dApp as `chainChanged`, a reload restores the session and the wallet's
 * disconnect leaves the dApp disconnected. Then a declined proposal and its retry, the dApp's own disconnect,
 * and the view's looks, axe and keyboard.
 */
import { DEMO_ETH, DEMO_MESSAGE, DEMO_RECIPIENT } from '@keyframe/example-dapp/demoData'
import type { Locator, Page } from '@playwright/test'
import { getAddress, parseEther, verifyMessage } from 'viem'
import { libraryResult, runAction } from '../support/demo.ts'
import { dialog } from '../support/email.ts'
import { CHAIN_HEX, chainClient } from '../support/evm.ts'
import { expect } from '../support/fixtures.ts'
import { lookAt } from '../support/looks.ts'
import {
  askFollowedProvider,
  chooseWalletConnect,
  connectionChain,
  connectWalletApp,
  expectWalletConnected,
  followProvider,
  pairingQr,
  providerEvents,
  scanPairingQr,
  test,
  WALLETCONNECT,
} from '../support/wallet/walletConnect.ts'

/** Presses Tab until `target` (in the modal's shadow root) has the focus, at most 12 times. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 12; i++) {
    if (await target.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** Sends the demo's ETH through the dApp's viem path; returns the receipt once anvil mined it. */
async function sendDemoEth(page: Page, chain: ReturnType<typeof chainClient>) {
  await runAction(page, 'viem', 'Send ETH')
  const hash = (await libraryResult(page, 'viem', 'transaction')) as `0x${string}`
  return chain.waitForTransactionReceipt({ hash })
}

test('behavior: the wallet app scans the QR code and approves; the dApp signs, sends, follows its chain switch, survives a reload and ends with its disconnect', async ({
  page,
  stack,
  walletApp,
}) => {
  test.setTimeout(60_000)
  await connectWalletApp(page, stack.dappUrl, walletApp)
  expect(await connectionChain(page)).toBe('eip155:31337')

  // personal_sign: the wallet app signs, the signature is the wallet's.
  await runAction(page, 'viem', 'Sign message')
  const signature = (await libraryResult(page, 'viem', 'signature')) as `0x${string}`
  expect(await verifyMessage({ address: walletApp.address, message: DEMO_MESSAGE, signature })).toBe(true)

  // eth_sendTransaction: the wallet app sends it on the dApp's chain; anvil mines it.
  const local = chainClient(stack, 31337)
  const before = await local.getBalance({ address: DEMO_RECIPIENT })
  const receipt = await sendDemoEth(page, local)
  expect(receipt.status).toBe('success')
  expect(getAddress(receipt.from)).toBe(walletApp.address)
  expect(await local.getBalance({ address: DEMO_RECIPIENT })).toBe(before + parseEther(DEMO_ETH))
  expect(walletApp.requests.map((r) => r.method)).toEqual(
    expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
  )

  // The person switches chain in the wallet app: the dApp's provider says chainChanged, the SDK follows,
  // and the dApp's next transaction goes to that chain.
  await followProvider(page)
  await walletApp.switchChain(31338)
  await expect.poll(() => providerEvents(page)).toEqual([['chainChanged', CHAIN_HEX[31338]]])
  expect(await connectionChain(page)).toBe('eip155:31338')
  const second = chainClient(stack, 31338)
  const moved = await sendDemoEth(page, second)
  expect(moved.status).toBe('success')
  expect(getAddress(moved.from)).toBe(walletApp.address)

  // A returning visitor: the reload restores the session (no QR code), and it still signs.
  await page.reload()
  await expectWalletConnected(page, walletApp)
  const signedBefore = walletApp.requests.filter((r) => r.method === 'personal_sign').length
  await runAction(page, 'viem', 'Sign message')
  const again = (await libraryResult(page, 'viem', 'signature')) as `0x${string}`
  expect(await verifyMessage({ address: walletApp.address, message: DEMO_MESSAGE, signature: again })).toBe(
    true,
  )
  expect(walletApp.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(signedBefore + 1)

  // The person disconnects in the wallet app: the dApp shows disconnected, and a reload restores nothing.
  await followProvider(page)
  await walletApp.disconnect()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  // The provider the dApp's library still holds said disconnect, and refuses in SPEC §8's words.
  await expect.poll(() => providerEvents(page)).toEqual([['disconnect', null]])
  expect(await askFollowedProvider(page, 'personal_sign', ['0x6869', walletApp.address])).toEqual({
    rejected: 'Please call connect() before request()',
  })
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
})

test("behavior: a declined proposal says so and 'Try again' shows a new code that connects; the dApp's Disconnect ends the wallet's session", async ({
  page,
  stack,
  walletApp,
}) => {
  await page.goto(stack.dappUrl)
  await chooseWalletConnect(page)
  const first = await scanPairingQr(page)
  await (await walletApp.pair(first)).reject()
  await expect(dialog(page).getByRole('alert')).toContainText('Connection declined')
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')

  await dialog(page).getByRole('button', { name: 'Try again', exact: true }).click()
  await expect(pairingQr(page)).toBeVisible()
  const second = await scanPairingQr(page)
  expect(second).not.toBe(first)
  await walletApp.connect(second)
  await expectWalletConnected(page, walletApp)
  expect(walletApp.sessions()).toHaveLength(1)

  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  // The session is deleted on the relay, not only forgotten by the page: the wallet app hears it.
  await expect.poll(() => walletApp.sessions()).toEqual([])
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})

test('accessibility: the pairing view passes axe-core, its code decodes in dark, light and on a phone, and works by keyboard', async ({
  page,
  stack,
}, testInfo) => {
  await page.goto(stack.dappUrl)
  await lookAt(page, testInfo, 'ConnectingWalletConnect', {
    // In each look the code on screen decodes to a pairing URI.
    show: async () => {
      await chooseWalletConnect(page)
      await scanPairingQr(page)
    },
    leave: async () => {
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
    },
  })

  // By keyboard alone: Tab to WalletConnect on Connect, Enter; Tab to Copy link, Enter copies the URI the
  // code holds; Esc closes.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  })
  await page.getByRole('button', { name: 'Connect', exact: true }).focus()
  await page.keyboard.press('Enter')
  await tabTo(page, dialog(page).getByRole('button', { name: WALLETCONNECT, exact: true }))
  await page.keyboard.press('Enter')
  await expect(pairingQr(page)).toBeVisible()
  const uri = await scanPairingQr(page)
  const copy = dialog(page).getByRole('button', { name: 'Copy link', exact: true })
  await tabTo(page, copy)
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
})
