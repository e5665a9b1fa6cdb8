/**
 * Send, made trustworthy (issue 15, build point 4), with an e-mail login and with an injected wallet: a
 * receiver with a wrong checksum is the field's error before Send and nothing is sent (no transaction on the
 * chain, the balances unchanged); a good send shows 'Transaction started' with its hash in the open modal
 * until the person leaves it, and the ETH moved on the chain. axe and the keyboard on the form with its
 * error and on the panel; screenshots in light, dark and on a phone are attached.
 */
import type { Stack } from '@keyframe/devstack'
import type { Page } from '@playwright/test'
import { getAddress, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog, expectConnected, openModal } from '../support/email.ts'
import { approveButton, chainClient, newFundedWallet } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_ADDRESS, DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'
import { lookAt } from '../support/looks.ts'
import {
  amountField,
  backToAccount,
  confirmSend,
  fieldError,
  fillSend,
  openSend,
  receiverField,
  type SendWallet,
  sendButton,
  sendStarted,
  withWrongChecksum,
} from '../support/wallet/send.ts'

// Reduced motion: axe measures the views' final colours, never a fade half way.
test.use({ reducedMotion: 'reduce' })

const AMOUNT = '0.0123'

/** A receiver no test has used: its balance is the send's alone. */
function freshReceiver(): `0x${string}` {
  for (;;) {
    const { address } = privateKeyToAccount(generatePrivateKey())
    if (/[a-fA-F]/.test(address.slice(2))) return address
  }
}

/** Connects the person's wallet on the demo; returns the sender's address. */
async function connect(page: Page, stack: Stack, wallet: SendWallet): Promise<`0x${string}`> {
  if (wallet === 'embedded') return newFundedWallet(page, stack, 'send')
  const injected = await injectDevWallet(page, stack)
  await page.goto(stack.dappUrl)
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  injected.acceptConnection()
  expect(getAddress(await expectConnected(page))).toBe(DEV_WALLET_ADDRESS)
  await expect(dialog(page)).toBeHidden()
  return DEV_WALLET_ADDRESS
}

for (const wallet of ['embedded', 'injected'] as const) {
  const login = wallet === 'embedded' ? 'an e-mail login' : 'an injected wallet'

  test(`behavior: with ${login}, a wrong checksum is the receiver's error before Send and nothing is sent; a good send shows its hash`, async ({
    page,
    stack,
  }, testInfo) => {
    // A new wallet's login (scrypt in the frame), an approval, three looks in three sizes.
    test.setTimeout(120_000)
    const chain = chainClient(stack, 31337)
    const from = await connect(page, stack, wallet)
    const to = freshReceiver()
    const before = {
      from: await chain.getBalance({ address: from }),
      nonce: await chain.getTransactionCount({ address: from }),
      to: await chain.getBalance({ address: to }),
    }

    await openSend(page)
    await fillSend(page, { amount: AMOUNT, to: withWrongChecksum(to) })
    // Checked as typed: no need to leave the field.
    const error = await fieldError(receiverField(page))
    await expect(error).toHaveText(/checksum/i)
    await expect(receiverField(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(sendButton(page)).toBeDisabled()
    // Enter in the field submits the form as a person would; nothing may leave.
    await receiverField(page).press('Enter')
    await page.waitForTimeout(500)
    await expect(approveButton(page)).toBeHidden()
    await expect(dialog(page)).toBeVisible()
    await expect(receiverField(page)).toHaveValue(withWrongChecksum(to))
    expect(await chain.getTransactionCount({ address: from })).toBe(before.nonce)
    expect(await chain.getBalance({ address: from })).toBe(before.from)
    expect(await chain.getBalance({ address: to })).toBe(before.to)
    await lookAt(page, testInfo, 'Send with a wrong checksum')

    // The keyboard fixes it: back to the field, select all, type the address again.
    await receiverField(page).focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(to)
    await expect(error).toHaveText('')
    await expect(receiverField(page)).not.toHaveAttribute('aria-invalid', 'true')
    // The gas of SPEC §5: price per gas and the fee, in ETH and USD (chain-api's dev price).
    await expect(dialog(page).getByTestId('kf-fee')).toContainText(
      /Gas price[\d.]+ gweiNetwork fee[\d.]+ ETH \(\$\d+\.\d\d\)/,
    )
    await expect(amountField(page)).toHaveValue(AMOUNT)

    const hash = await confirmSend(page, wallet)
    await expect(sendStarted(page).getByRole('heading', { name: 'Transaction started' })).toBeFocused()
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(from)
    expect(await chain.getBalance({ address: to })).toBe(before.to + parseEther(AMOUNT))
    // The demo's local chain names no explorer: the hash with its copy button, no link.
    await expect(sendStarted(page).getByRole('link')).toHaveCount(0)
    await expect(sendStarted(page).getByRole('button', { name: 'Copy hash', exact: true })).toBeVisible()
    // It stays: a while later it is still there.
    await page.waitForTimeout(1_000)
    await expect(sendStarted(page).getByTestId('kf-send-hash')).toHaveText(hash)
    await lookAt(page, testInfo, 'Send, transaction started')

    // Keyboard: Tab reaches 'Back to Account' from the panel's heading; Enter leaves the panel.
    await sendStarted(page).getByRole('heading', { name: 'Transaction started' }).focus()
    const back = sendStarted(page).getByRole('button', { name: 'Back to Account', exact: true })
    for (let i = 0; i < 4 && !(await back.evaluate((b) => b.matches(':focus'))); i++)
      await page.keyboard.press('Tab')
    await expect(back).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(sendStarted(page)).toBeHidden()
    await expect(dialog(page).getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  })
}

test('behavior: leaving the panel shows an empty form again', async ({ page, stack }) => {
  test.setTimeout(60_000)
  await connect(page, stack, 'injected')
  await openSend(page)
  await fillSend(page, { amount: '0.001', to: freshReceiver() })
  await confirmSend(page, 'injected')
  await backToAccount(page)
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(amountField(page)).toHaveValue('')
  await expect(receiverField(page)).toHaveValue('')
})
