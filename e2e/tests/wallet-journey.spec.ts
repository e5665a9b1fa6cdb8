/**
 * The wallet in the modal, end to end (issue 15, the first acceptance point), once with an e-mail login and
 * once with an injected wallet, on the local stack: the wallet is funded; a swap lands and both balances
 * change in the Tokens tab; a send; a purchase in the on-ramp sandbox credits the wallet; a name is
 * registered and shown in the header; Activity shows the send, the swap and the purchase under this month's
 * name with their signs, and hides the spam NFT the faucet minted (which chain-api lists, flagged); Receive's
 * QR code, decoded from a screenshot, is the address. Each step is the page-driving helper of its feature's
 * own spec (e2e/support/wallet/*).
 */

import type { Page } from '@playwright/test'
import { getAddress } from 'viem'
import { dialog, openModal } from '../support/email.ts'
import { chainClient } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import {
  activityList,
  activityRow,
  activitySection,
  connectFunded,
  openActivity,
  thisMonth,
  waitIndexed,
} from '../support/wallet/activity.ts'
import { buyInSandbox } from '../support/wallet/buy.ts'
import { registerAccountName, uniqueLabel } from '../support/wallet/names.ts'
import { decodeReceiveQr, openReceive } from '../support/wallet/receive.ts'
import { backToAccount, sendFromModal } from '../support/wallet/send.ts'
import { confirmSwap, fillSwap, openSwap, readSwapQuote, tokensTabQuantity } from '../support/wallet/swap.ts'

test.use({ reducedMotion: 'reduce' })

/** A decimal amount as the Activity list shows it: 3 decimals, truncated. */
const threeDecimals = (numeric: string) => {
  const [int = '0', frac = ''] = numeric.split('.')
  return `${int}.${frac.padEnd(3, '0').slice(0, 3)}`
}

/** Closes the modal (its Close button), so the next step opens it from the dApp as a person would. */
async function closeModal(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog(page)).toBeHidden()
}

/** Amounts no other spec uses, so each row is found by what it says. */
const SEND = { typed: '0.03141', shown: '0.031 ETH' }
const SWAP = '0.0777'
const PURCHASE_USD = '37'
const RECEIVER = '0x000000000000000000000000000000000000bEEF'

for (const wallet of ['embedded', 'injected'] as const) {
  const login = wallet === 'embedded' ? 'an e-mail login' : 'an injected wallet'

  test(`default: with ${login}: fund, swap, send, buy, name, Activity, Receive`, async ({
    page,
    stack,
  }, testInfo) => {
    // A login, four approvals, a purchase in a second tab, the indexer's polls: the whole wallet.
    test.setTimeout(300_000)
    const address = await connectFunded(page, stack, wallet, 'journey')
    const chain = chainClient(stack, 31337)

    // A swap lands; both balances change in the Tokens tab.
    await openModal(page)
    const ethBefore = (await tokensTabQuantity(page, 'ETH')) ?? 0
    const kusdBefore = (await tokensTabQuantity(page, 'kUSD')) ?? 0
    await openSwap(page)
    await fillSwap(page, { from: 'ETH', to: 'kUSD', amount: SWAP })
    await readSwapQuote(page)
    await confirmSwap(page, { embedded: wallet === 'embedded' })
    await expect.poll(() => tokensTabQuantity(page, 'kUSD'), { timeout: 20_000 }).toBeGreaterThan(kusdBefore)
    await expect.poll(() => tokensTabQuantity(page, 'ETH'), { timeout: 20_000 }).toBeLessThan(ethBefore)
    await closeModal(page)

    // A send from the modal.
    const sent = await sendFromModal(page, wallet, { amount: SEND.typed, to: RECEIVER })
    await backToAccount(page)
    await closeModal(page)

    // A purchase in the sandbox credits the wallet.
    const before = await chain.getBalance({ address })
    const purchase = await buyInSandbox(page, { asset: 'ETH', amount: PURCHASE_USD })
    const bought = purchase.quote.receive.split(' ')[0]!
    expect(await chain.getBalance({ address })).toBeGreaterThan(before)
    await closeModal(page)

    // A name is registered and shown in the header.
    const fullName = await registerAccountName(page, uniqueLabel('journey'), wallet)
    await expect(dialog(page).getByTestId('kf-profile-name')).toHaveText(fullName)

    // Activity: the send, the swap and the purchase under this month, with their signs; no spam NFT.
    const indexed = await waitIndexed(stack, address, [sent, purchase.txHash])
    const spam = indexed.data.filter(
      (tx) => tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags.is_spam),
    )
    expect(spam.map((tx) => tx.transfers[0]!.nft_info!.name)).toEqual([
      expect.stringMatching(/^Claim Rewards Pass #\d+$/),
    ])
    // What chain-api has for the swap (a trade: the ETH out, the kUSD in) and the purchase (a receive).
    const trades = indexed.data.filter((tx) => tx.metadata.operationType === 'trade')
    expect(trades).toHaveLength(1)
    const moved = (direction: 'in' | 'out') =>
      trades[0]!.transfers.find((t) => t.direction === direction)!.quantity.numeric
    const purchased = indexed.data.find((tx) => tx.metadata.hash === purchase.txHash.toLowerCase())!
    expect(purchased.metadata.operationType).toBe('receive')
    expect(purchased.transfers[0]!.quantity.numeric).toBe(bought)

    await openActivity(page)
    const month = activitySection(page, thisMonth())
    await expect(month.getByRole('heading', { name: thisMonth(), exact: true })).toBeVisible()
    await expect(activityRow(month, 'Received', `+${threeDecimals(bought)} ETH`)).toHaveCount(1)
    await expect(activityRow(month, 'Sent', SEND.shown)).toHaveCount(1)
    const swapped = `${threeDecimals(moved('out'))} ETH → ${threeDecimals(moved('in'))} kUSD`
    expect(swapped.startsWith(`${threeDecimals(SWAP)} ETH`)).toBe(true)
    await expect(activityRow(month, 'Swapped', swapped)).toHaveCount(1)
    await expect(activityList(page)).not.toContainText('Claim Rewards Pass')
    const shot = testInfo.outputPath('activity.png')
    await page.screenshot({ path: shot })
    await testInfo.attach('Activity after the journey', { path: shot, contentType: 'image/png' })
    await closeModal(page)

    // Receive: the QR code on screen decodes to the address.
    await openReceive(page)
    expect(getAddress(await decodeReceiveQr(page))).toBe(getAddress(address))
  })
}
