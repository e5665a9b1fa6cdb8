/**
 * The Account view (issue 15, build points 1, 2 and 8), with an e-mail login and with an injected wallet:
 * the header (name or 4 + 6 address, balance with USD), the feature row in the spec's order, Tokens after
 * funding (quantities and USD values from chain-api), NFTs with the faucet's spam NFT hidden; axe on each tab
 * and the tabs by keyboard, in light, dark and on a phone; and `features: { swaps: false }`: no Swap button,
 * and the Swap chunk never requested.
 */
import type { Stack } from '@keyframe/devstack'
import type { Page } from '@playwright/test'
import { expectAccessible } from '../support/axe.ts'
import { dialog, expectConnected, openModal } from '../support/email.ts'
import { newWallet } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_ADDRESS, DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'
import {
  accountPanel,
  accountTab,
  headerBalance,
  openAccount,
  openTab,
  readTokenRow,
  shownNfts,
  waitForIndexedNfts,
} from '../support/wallet/account.ts'

/** The dev wallet connected on the demo at `path` (e.g. with `?features=…`); the modal closed again. */
async function connectInjectedAt(page: Page, stack: Stack, path = ''): Promise<`0x${string}`> {
  const wallet = await injectDevWallet(page, stack)
  await page.goto(`${stack.dappUrl}${path}`)
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  wallet.acceptConnection()
  await expectConnected(page)
  await expect(dialog(page)).toBeHidden()
  return DEV_WALLET_ADDRESS
}

const LOGINS = {
  'e-mail login': (page: Page, stack: Stack) => newWallet(page, stack, 'account'),
  'injected wallet': (page: Page, stack: Stack) => connectInjectedAt(page, stack),
} as const

/** `1,234.50` → 1234.5 */
const figure = (text: string) => Number(text.replace(/[^0-9.]/g, ''))

for (const [login, connect] of Object.entries(LOGINS)) {
  test(`behavior: after funding, the header, Tokens with USD and NFTs with the spam one hidden (${login})`, async ({
    page,
    stack,
  }) => {
    const address = await connect(page, stack)
    await stack.fund(address)
    const indexed = await waitForIndexedNfts(stack, address)
    await openAccount(page)

    // Header: the 4 + 6 address (no name registered), the native balance with its USD value.
    await expect(dialog(page).getByTestId('kf-address')).toHaveText(
      `${address.slice(0, 4)}...${address.slice(-6)}`,
      { ignoreCase: true },
    )
    await expect(
      dialog(page).getByRole('navigation', { name: 'Wallet actions' }).getByRole('button'),
    ).toHaveText(['Buy', 'Swap', 'Receive', 'Send'])

    // Tokens: ETH at 3000, KFT at 2, kUSD at 1 (the dev prices), 2 decimals.
    const eth = await readTokenRow(page, 'ETH')
    const kft = await readTokenRow(page, 'KFT')
    const kusd = await readTokenRow(page, 'kUSD')
    expect([eth.name, kft.name, kusd.name]).toEqual(['Ether', 'Keyframe Token', 'Keyframe USD'])
    if (login === 'e-mail login') {
      // A new wallet: exactly what the faucet gave.
      expect([eth, kft, kusd].map(({ quantity, usd }) => [quantity, usd])).toEqual([
        ['100.00 ETH', '$300,000.00'],
        ['1000.00 KFT', '$2,000.00'],
        ['1000.00 kUSD', '$1,000.00'],
      ])
      await expect(headerBalance(page)).toHaveText('100.00 ETH$300,000.00')
    } else {
      // The dev wallet is shared with other specs: at least the faucet's share, each valued at its price.
      expect(figure(kft.quantity)).toBeGreaterThanOrEqual(1000)
      for (const [row, price] of [
        [eth, 3000],
        [kft, 2],
        [kusd, 1],
      ] as const)
        expect(figure(row.usd)).toBeCloseTo(figure(row.quantity) * price, -1)
      await expect(headerBalance(page)).toContainText(eth.quantity)
      await expect(headerBalance(page)).toContainText(eth.usd)
    }

    // NFTs: the spam one chain-api flags (the control: it is there, flagged) is not shown.
    const spam = indexed.filter((nft) => nft.flags.is_spam).map((nft) => nft.name)
    const kept = indexed.filter((nft) => !nft.flags.is_spam).map((nft) => nft.name)
    expect(spam).toContainEqual(expect.stringMatching(/^Claim Rewards Pass #\d+$/))
    expect(kept).toContainEqual(expect.stringMatching(/^Keyframe NFT #\d+$/))
    const shown = await shownNfts(page)
    expect(shown.sort()).toEqual(kept.sort())
    await expect(accountPanel(page).locator('img.kf-nft-preview').first()).toHaveAttribute(
      'src',
      /\/public\/getAssetImage\/31337-0x[0-9a-f]{40}-\d+$/,
    )
  })
}

test('accessibility: each tab passes axe-core and the tabs work by keyboard, in dark, light and on a phone', async ({
  page,
  stack,
}, testInfo) => {
  const address = await connectInjectedAt(page, stack)
  await stack.fund(address)
  await waitForIndexedNfts(stack, address)
  for (const { name, viewport } of [
    { name: 'dark', viewport: { width: 1280, height: 900 } },
    { name: 'light', viewport: { width: 1280, height: 900 } },
    { name: 'phone, light', viewport: { width: 390, height: 844 } },
  ]) {
    await page.setViewportSize(viewport)
    if (name === 'light') await page.getByRole('button', { name: 'Light theme', exact: true }).click()
    await openAccount(page)
    for (const tab of ['Tokens', 'NFTs', 'Activity'] as const) {
      await openTab(page, tab)
      await expect(accountPanel(page).getByRole('status')).toHaveCount(0, { timeout: 15_000 })
      await expectAccessible(`Account, ${tab} (${name})`, { page })
      // Kept in the test's output folder (and attached to the report) to look at.
      const path = testInfo.outputPath(`account-${tab}-${name.replace(/\W+/g, '-')}.png`)
      await page.screenshot({ path })
      await testInfo.attach(`Account ${tab}, ${name}`, { path, contentType: 'image/png' })
    }
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
  }

  // By keyboard alone: the selected tab is the one in the Tab order; arrows, Home and End move and show.
  await openAccount(page)
  await accountTab(page, 'Tokens').focus()
  for (const [key, tab] of [
    ['ArrowRight', 'NFTs'],
    ['ArrowRight', 'Activity'],
    ['ArrowRight', 'Tokens'],
    ['ArrowLeft', 'Activity'],
    ['Home', 'Tokens'],
    ['End', 'Activity'],
  ] as const) {
    await page.keyboard.press(key)
    await expect(accountTab(page, tab), `${key} → ${tab}`).toBeFocused()
    await expect(accountTab(page, tab)).toHaveAttribute('aria-selected', 'true')
    await expect(accountPanel(page)).toHaveAttribute('data-tab', tab)
  }
  await expect(dialog(page).getByRole('tab', { selected: false })).toHaveCount(2)
  for (const tab of ['Tokens', 'NFTs'] as const)
    await expect(accountTab(page, tab)).toHaveAttribute('tabindex', '-1')
})

test('behavior: with features: { swaps: false } there is no Swap button and the Swap chunk is never requested', async ({
  page,
  stack,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await connectInjectedAt(page, stack, '/?features=swaps:off')
  await openAccount(page)
  const actions = dialog(page).getByRole('navigation', { name: 'Wallet actions' }).getByRole('button')
  await expect(actions).toHaveText(['Buy', 'Receive', 'Send'])
  // Asked for by name, the view says it is off, and still loads nothing.
  await page.evaluate(() =>
    (window as unknown as { keyframe: { open(o: object): Promise<void> } }).keyframe.open({ view: 'Swap' }),
  )
  await expect(dialog(page).getByText('This is turned off on this site.')).toBeVisible()
  expect(requested.filter((path) => /\/SwapView-[^/]*\.js$/.test(path))).toEqual([])

  // Control: on the default demo the button is there, and pressing it fetches the Swap chunk.
  await page.goto(stack.dappUrl)
  await expectConnected(page)
  await openAccount(page)
  await expect(actions).toHaveText(['Buy', 'Swap', 'Receive', 'Send'])
  await actions.filter({ hasText: 'Swap' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Swap', exact: true })).toBeVisible()
  expect(requested.filter((path) => /\/SwapView-[^/]*\.js$/.test(path))).toHaveLength(1)
})
