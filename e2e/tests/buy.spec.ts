/**
 * Buy (issue 15, build point 6), with an e-mail login and with an injected wallet: what to buy and how to
 * pay, the limits, quotes with the provider fee, the provider chosen, its sandbox page opened in a new tab
 * and paid there, the asset credited on chain, and the modal back on Account; the spec's built-in options
 * when chain-api's fail; axe, the keyboard, and the light, dark and phone looks.
 */
import type { Stack } from '@keyframe/devstack'
import { formatBalance } from '@keyframe/protocol'
import type { Page } from '@playwright/test'
import { formatEther, parseEther } from 'viem'
import { expectAccessible } from '../support/axe.ts'
import { dialog } from '../support/email.ts'
import { chainClient, newWallet } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { connectDevWallet, DEV_WALLET_ADDRESS } from '../support/injectedWallet.ts'
import { checkLook, lookAt } from '../support/looks.ts'
import {
  chooseProvider,
  expectBackOnAccount,
  fillPurchase,
  openBuy,
  openProviderPage,
  payAtProvider,
  readQuote,
} from '../support/wallet/buy.ts'

const LOGINS = {
  'e-mail login': (page: Page, stack: Stack) => newWallet(page, stack, 'buy'),
  'injected wallet': async (page: Page, stack: Stack) => {
    await connectDevWallet(page, stack)
    return DEV_WALLET_ADDRESS as `0x${string}`
  },
} as const

const continueButton = (page: Page) => dialog(page).getByRole('button', { name: 'Continue to Sandbox' })

for (const [login, connect] of Object.entries(LOGINS)) {
  test(`behavior: a purchase paid in the sandbox credits the wallet on chain, and the modal goes back to Account (${login})`, async ({
    page,
    stack,
  }) => {
    const address = await connect(page, stack)
    const chain = chainClient(stack, stack.chains[0]!.chainId)
    const before = await chain.getBalance({ address })
    await openBuy(page)

    // Below the card limit: the field says so, nothing can be bought.
    await fillPurchase(page, { asset: 'ETH', amount: '5' })
    await expect(dialog(page).getByRole('alert').first()).toHaveText(
      'Amount must be between 10 and 7500 USD for card payments',
    )
    await expect(continueButton(page)).toBeDisabled()

    await fillPurchase(page, { asset: 'ETH', amount: '50' })
    const quote = await readQuote(page)
    // Under 100 USD the provider takes 2 % (SPEC §9: 1-2 %).
    expect(quote.fee).toBe('1.00 USD (2 %)')
    const [bought, symbol] = quote.receive.split(' ')
    expect(symbol).toBe('ETH')
    expect(Number(bought)).toBeGreaterThan(0)

    await chooseProvider(page, 'Sandbox')
    const provider = await openProviderPage(page)
    // The provider's page quotes what the modal quoted, to this wallet, and cannot reach the dApp's window.
    await expect(provider.getByRole('heading', { level: 1 })).toHaveText(`Buy ${quote.receive}`)
    await expect(provider.getByText(address.toLowerCase(), { exact: true })).toBeVisible()
    expect(await provider.evaluate(() => window.opener === null)).toBe(true)
    await expect(dialog(page).getByText('Waiting for your purchase…')).toBeVisible()

    const txHash = await payAtProvider(provider)
    const receipt = await chain.getTransactionReceipt({ hash: txHash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase())
    const after = await chain.getBalance({ address })
    expect(formatEther(after - before)).toBe(formatEther(parseEther(bought!)))

    await expectBackOnAccount(page)
    await expect(dialog(page).getByText(`Purchase received: ${bought} ETH`)).toBeVisible()
    // Account reads the balance again: what arrived shows (2 decimals, SPEC §9).
    await expect(dialog(page).getByTestId('kf-balance')).toContainText(
      `${formatBalance(formatEther(after))} ETH`,
    )
  })
}

test("behavior: when chain-api's on-ramp options fail, the spec's USD/EUR with card 10-7500 and bank 10-25000", async ({
  page,
  stack,
}) => {
  await connectDevWallet(page, stack)
  await page.route('**/v1/onramp/options*', (route) => route.fulfill({ status: 503, body: '' }))
  await openBuy(page)
  const hint = dialog(page).getByText(/^Between \d+ and \d+ (USD|EUR)$/)
  await expect(dialog(page).getByLabel('Pay in', { exact: true }).locator('option')).toHaveText([
    'USD',
    'EUR',
  ])
  await expect(hint).toHaveText('Between 10 and 7500 USD')
  await dialog(page).getByLabel('Payment method', { exact: true }).selectOption({ label: 'Bank transfer' })
  await expect(hint).toHaveText('Between 10 and 25000 USD')
  await dialog(page).getByLabel('Pay in', { exact: true }).selectOption('EUR')
  await expect(hint).toHaveText('Between 10 and 25000 EUR')
  // The network's own currency is still offered, and chain-api still quotes it.
  await expect(dialog(page).getByLabel('You buy', { exact: true })).toHaveValue('ETH')
  await fillPurchase(page, { asset: 'ETH', amount: '20000', currency: 'EUR', method: 'Bank transfer' })
  expect((await readQuote(page)).fee).toBe('200.00 EUR (1 %)')
})

test('behavior: when chain-api cannot quote, a mocked quote (SPEC §8) still leads to the provider, whose page prices the amount', async ({
  page,
  stack,
}) => {
  await connectDevWallet(page, stack)
  await page.route('**/v1/onramp/quote*', (route) => route.fulfill({ status: 503, body: '' }))
  await openBuy(page)
  await fillPurchase(page, { asset: 'ETH', amount: '50' })
  await expect(dialog(page).getByText("No quote now: the provider's page shows the amount.")).toBeVisible()
  await chooseProvider(page)
  const provider = await openProviderPage(page)
  await expect(provider.getByText('50.00 USD (test money)')).toBeVisible()
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText(/^Buy 0\.\d+ ETH$/)
  await provider.close()
})

test("attack: a provider address that is a script never runs in the dApp's origin (control: opened as the view opens pages, it does)", async ({
  page,
  stack,
}) => {
  await connectDevWallet(page, stack)
  // A compromised chain-api answers a script instead of the provider's page.
  const script = "javascript:localStorage.setItem('kf-pwned','buy')"
  await page.route('**/v1/generators/onrampurl*', async (route) =>
    route.fulfill({ response: await route.fetch(), json: { url: script } }),
  )
  await openBuy(page)
  await fillPurchase(page, { asset: 'ETH', amount: '50' })
  await readQuote(page)
  await chooseProvider(page)
  await continueButton(page).click()
  await expect(dialog(page).getByText("The provider's page address is not a web page")).toBeVisible()
  // The blank tab opened for the provider is closed again, and nothing ran.
  await expect.poll(() => page.context().pages().length).toBe(1)
  expect(await page.evaluate(() => localStorage.getItem('kf-pwned'))).toBeNull()

  // Control: the same address in a blank tab of the dApp's origin, without the check, runs there.
  await page.evaluate((url) => {
    const tab = window.open('', '_blank')
    if (!tab) throw new Error('no tab')
    tab.opener = null
    tab.location.href = url
  }, script)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kf-pwned'))).toBe('buy')
})

test('accessibility: Buy passes axe-core and works by keyboard, in light, dark and on a phone', async ({
  page,
  stack,
}, testInfo) => {
  await connectDevWallet(page, stack)
  await lookAt(page, testInfo, 'Buy, quoted', {
    show: async (look) => {
      await openBuy(page)
      await fillPurchase(page, { asset: 'ETH', amount: '5' })
      await expectAccessible(`Buy, amount refused (${look.name})`, { page })
      await fillPurchase(page, { asset: 'ETH', amount: '250' })
      await readQuote(page)
    },
    leave: async () => {
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
    },
  })

  // By keyboard alone: Tab to the amount, type it, Tab to the quote's provider and on to Continue, Enter.
  await openBuy(page)
  const amount = dialog(page).getByLabel('Amount (USD)', { exact: true })
  for (let i = 0; i < 8 && !(await isFocused(amount)); i++) await page.keyboard.press('Tab')
  await expect(amount).toBeFocused()
  await page.keyboard.type('100')
  await readQuote(page)
  await page.keyboard.press('Tab')
  await expect(dialog(page).getByRole('radio', { name: /^Sandbox/ })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(continueButton(page)).toBeFocused()
  const opened = page.waitForEvent('popup')
  await page.keyboard.press('Enter')
  const provider = await opened
  await provider.waitForURL(/\/sandbox\/onramp\//)
  await expect(dialog(page).getByText('Waiting for your purchase…')).toBeVisible()
  await checkLook(page, testInfo, 'Buy, waiting for the purchase')
  await provider.close()
  await dialog(page).getByRole('button', { name: 'Change the purchase', exact: true }).click()
  await expect(amount).toHaveValue('100')
})

function isFocused(locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)
}
