/**
 * The Account view's Activity tab (issue 15, build point 2), with an e-mail login and with an injected
 * wallet: after the faucet's funding, a payment to the wallet and a send from the modal, the tab lists them
 * newest first under this month's name alone (the current year), amounts with 3 decimals signed by
 * operation type (SPEC §9: + for a receive; a send, like a mint, has no sign), and hides the spam NFT the
 * faucet minted, which chain-api itself lists, flagged (the control: the hiding is the tab's). axe on the tab;
 * screenshots in dark, light and on a phone are attached.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog, openModal } from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'
import { connectDevWallet } from '../support/injectedWallet.ts'
import { lookAt } from '../support/looks.ts'
import {
  activityList,
  activityRow,
  activitySection,
  connectFunded,
  openActivity,
  payWallet,
  thisMonth,
  waitIndexed,
} from '../support/wallet/activity.ts'
import { backToAccount, sendFromModal } from '../support/wallet/send.ts'

// Reduced motion: axe measures the views' final colours, never a fade half way.
test.use({ reducedMotion: 'reduce' })

/** What is sent and received, as typed and as the list shows them (3 decimals, truncated). */
const SEND = { typed: '0.04172', shown: '0.041 ETH' }
const RECEIVE = { typed: '0.25', shown: '+0.250 ETH' }

for (const wallet of ['embedded', 'injected'] as const) {
  const login = wallet === 'embedded' ? 'an e-mail login' : 'an injected wallet'

  test(`default: with ${login}, Activity shows the receive and the send under this month with their signs, the spam NFT hidden`, async ({
    page,
    stack,
  }, testInfo) => {
    // A new wallet's login (scrypt in the frame), an approval, the indexer's polls, three looks.
    test.setTimeout(120_000)
    const address = await connectFunded(page, stack, wallet, 'activity')
    const received = await payWallet(stack, address, RECEIVE.typed)
    const { address: receiver } = privateKeyToAccount(generatePrivateKey())
    const sent = await sendFromModal(page, wallet, { amount: SEND.typed, to: receiver })
    await backToAccount(page)

    // chain-api lists the faucet's spam NFT, flagged as spam: the control that the tab is what hides it.
    const indexed = await waitIndexed(stack, address, [received, sent])
    const spam = indexed.data.filter(
      (tx) => tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags.is_spam),
    )
    expect(spam.length).toBeGreaterThan(0)
    const spamName = spam[0]!.transfers[0]!.nft_info!.name
    expect(spamName).toMatch(/^Claim Rewards Pass #\d+$/)

    await openActivity(page)
    const month = activitySection(page, thisMonth())
    await expect(month.getByRole('heading', { name: thisMonth(), exact: true })).toBeVisible()
    const sendRow = activityRow(month, 'Sent', SEND.shown)
    const receiveRow = activityRow(month, 'Received', RECEIVE.shown)
    await expect(sendRow).toHaveCount(1)
    await expect(receiveRow).toHaveCount(1)
    // A send has no sign (SPEC §9 signs receive, deposit, borrow and claim with +; withdraw, repay, burn with −).
    await expect(sendRow).not.toContainText(`-${SEND.shown}`)
    await expect(sendRow).not.toContainText(`+${SEND.shown}`)
    // Newest first: the send came after the payment.
    const rows = await month.getByTestId('kf-activity-row').allTextContents()
    expect(rows.findIndex((r) => r.includes(SEND.shown))).toBeLessThan(
      rows.findIndex((r) => r.includes(RECEIVE.shown)),
    )
    // The faucet's mints are there (a Keyframe NFT among them); its spam NFT is not.
    await expect(
      month.getByTestId('kf-activity-row').filter({ hasText: /Keyframe NFT #\d+/ }),
    ).not.toHaveCount(0)
    await expect(activityList(page)).not.toContainText('Claim Rewards Pass')
    // The first page is chain-api's first page less its spam-only transactions.
    const shown = indexed.data.length - spam.length
    if (indexed.next === null)
      await expect(activityList(page).getByTestId('kf-activity-row')).toHaveCount(shown)

    // The tab is all in the modal; the frame shows nothing over the Account view (it is parked).
    await lookAt(page, testInfo, 'Activity')
  })
}

test('behavior: the list pages by cursor as it is scrolled to its end (50 transactions a page)', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const address = await connectFunded(page, stack, 'injected', 'activity-pages')
  // 60 payments, each its own block: with the faucet's three mints (its spam NFT hidden), 63 rows.
  const hashes: `0x${string}`[] = []
  for (let i = 1; i <= 60; i++)
    hashes.push(await payWallet(stack, address, `0.00${String(i).padStart(2, '0')}`))
  const first = await waitIndexed(stack, address, hashes.slice(-1))
  expect(first.data).toHaveLength(50)
  expect(first.next).not.toBeNull()

  await openModal(page)
  await openActivity(page)
  const rows = activityList(page).getByTestId('kf-activity-row')
  await expect(rows).toHaveCount(50)
  await expect(rows.first()).toContainText('+0.006 ETH')
  // Scrolled to the end of the list, the next page comes by itself (no press).
  await activityList(page).getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(63, { timeout: 15_000 })
  await expect(rows.last()).toContainText('Minted')
  // The last page had no cursor: nothing more to load.
  await expect(activityList(page).getByRole('button', { name: 'Load more' })).toHaveCount(0)
  await expect(activityList(page).getByRole('heading')).toHaveText([thisMonth()])
})

test('behavior: with the history feature off (?features=history:off) there is no Activity tab and its code never loads', async ({
  page,
  stack,
}) => {
  const chunks: string[] = []
  page.on('request', (request) => {
    if (/\/ActivityTab-[\w-]+\.js$/.test(request.url())) chunks.push(request.url())
  })
  await connectDevWallet(page, stack, generatePrivateKey())
  // The connection is restored on the page with the feature off.
  await page.goto(`${stack.dappUrl}?features=history:off`)
  await openModal(page)
  const tabs = dialog(page).getByRole('tab')
  await expect(tabs).toHaveText(['Tokens', 'NFTs'])
  await tabs.last().click()
  expect(chunks).toEqual([])
  // The control: the same dApp with the feature on loads the tab's code when the tab is pressed.
  await page.goto(stack.dappUrl)
  await openModal(page)
  await openActivity(page)
  expect(chunks).toHaveLength(1)
})
