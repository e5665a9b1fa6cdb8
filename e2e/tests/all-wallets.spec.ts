/**
 * The wallet catalogue in the modal (issue 16, build point 3): All wallets searches ("trust" → Trust, the
 * text trimmed), pages 40 at a time, lists the browser's installed wallets first and marked (a catalogue
 * wallet the browser has shows once, as installed), loads images through chain-api; the Connect view lists
 * WalletConnect, the installed wallets and 4 recommended ones in SPEC §9 order; axe, the keyboard, and the
 * light, dark and phone looks.
 */
import { expectAccessible } from '../support/axe.ts'
import { dialog, openModal } from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'
import { checkLook, lookAt } from '../support/looks.ts'
import {
  announceWallet,
  openAllWallets,
  rowTexts,
  walletList,
  walletRows,
  walletSearch,
} from '../support/wallet/allWallets.ts'

/** Installed in the browser and in the catalogue (its 4th wallet): listed once, as installed. */
const RAINBOW = { name: 'Rainbow', rdns: 'me.rainbow' }

test('behavior: All wallets lists installed wallets first, pages by 40, searches ("trust" → Trust) and connects', async ({
  page,
  stack,
}) => {
  await injectDevWallet(page, stack)
  await announceWallet(page, RAINBOW)
  await page.goto(stack.dappUrl)
  await openAllWallets(page)

  // Installed first and marked; Rainbow's catalogue entry is that installed wallet, not a second row.
  const first = await rowTexts(page)
  expect(first.slice(0, 2)).toEqual([`${DEV_WALLET_INFO.name}Installed`, 'RainbowInstalled'])
  expect(first.filter((text) => text.startsWith('Rainbow'))).toHaveLength(1)
  // The first page of 40 catalogue wallets, less Rainbow: 41 rows with the two installed.
  expect(first).toHaveLength(41)
  expect(first).toContain('Trust')
  expect(first).not.toContain('Trust Wallet')
  // Images through chain-api's image endpoint: the first 20 of the page at once, the rest lazily.
  const images = walletList(page).locator('img[src*="/getWalletImage/"]')
  await expect(images).toHaveCount(39)
  expect(await images.nth(0).getAttribute('loading')).toBe('eager')
  expect(await images.nth(30).getAttribute('loading')).toBe('lazy')
  await expect(images.nth(0)).toHaveJSProperty('complete', true)

  // The second page: every wallet once.
  await dialog(page).getByRole('button', { name: 'More wallets', exact: true }).click()
  await expect(walletRows(page)).not.toHaveCount(41)
  await expect(dialog(page).getByRole('button', { name: 'More wallets', exact: true })).toBeHidden()
  const all = await rowTexts(page)
  expect(all.length).toBeGreaterThan(41)
  expect(new Set(all).size).toBe(all.length)

  // Search: trimmed, any case; Trust Wallet is shown as Trust.
  await walletSearch(page).fill('  TRUST ')
  await expect(walletRows(page)).toHaveText(['Trust'])
  await walletSearch(page).fill('rain')
  await expect(walletRows(page)).toHaveText(['RainbowInstalled'])
  await walletSearch(page).fill('no such wallet')
  await expect(dialog(page).getByText('No wallet matches “no such wallet”.')).toBeVisible()
  await expect(walletRows(page)).toHaveCount(0)
  await walletSearch(page).fill('')
  await expect(walletRows(page)).toHaveCount(all.length)

  // A catalogue wallet the browser lacks pairs through WalletConnect; an installed one connects directly.
  await walletSearch(page).fill('trust')
  await walletList(page).getByRole('button', { name: 'Trust', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'WalletConnect', exact: true })).toBeVisible()
  await expect(dialog(page)).toContainText('Trust')
  await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()
  await walletSearch(page).fill('anvil')
  await walletList(page)
    .getByRole('button', { name: `${DEV_WALLET_INFO.name} Installed` })
    .click()
  await expect(dialog(page)).toContainText(`Continue in ${DEV_WALLET_INFO.name}`)
})

test('behavior: Connect lists WalletConnect, then the installed wallets (SPEC §9 order)', async ({
  page,
  stack,
}, testInfo) => {
  await injectDevWallet(page, stack)
  await announceWallet(page, RAINBOW)
  await page.goto(stack.dappUrl)
  await openModal(page)
  const list = dialog(page).getByRole('list', { name: 'Wallets' })
  // No recommended wallets here: they lead All wallets (loading the catalogue's client with open() would break
  // issue 14's open() budget).
  await expect(list.getByRole('listitem')).toHaveText(['WalletConnect', DEV_WALLET_INFO.name, 'Rainbow'])
  await expect(list.locator('img').last()).toHaveJSProperty('complete', true)
  await checkLook(page, testInfo, 'Connect, its wallet list')
  await dialog(page).getByRole('button', { name: 'WalletConnect', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'WalletConnect', exact: true })).toBeVisible()
})

test('accessibility: All wallets passes axe-core, works by keyboard, in light, dark and on a phone', async ({
  page,
  stack,
}, testInfo) => {
  await injectDevWallet(page, stack)
  await page.goto(stack.dappUrl)
  await lookAt(page, testInfo, 'All wallets', {
    show: async () => {
      await openAllWallets(page)
      await expect(walletList(page).locator('img').nth(5)).toHaveJSProperty('complete', true)
    },
    leave: async (look) => {
      await walletSearch(page).fill('trust')
      await expect(walletRows(page)).toHaveText(['Trust'])
      await expectAccessible(`All wallets, searched (${look.name})`, { page })
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
    },
  })

  // By keyboard alone: Tab past Back and Close to the search field, type, Tab to the match, Enter.
  await openAllWallets(page)
  await expect(dialog(page).getByRole('button', { name: 'Back', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(walletSearch(page)).toBeFocused()
  await page.keyboard.type('trust')
  await expect(walletRows(page)).toHaveText(['Trust'])
  await page.keyboard.press('Tab')
  await expect(walletList(page).getByRole('button', { name: 'Trust', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByRole('heading', { name: 'WalletConnect', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()

  // More wallets by keyboard: once the last page is in (the button gone), focus is on its first wallet.
  await openAllWallets(page)
  const more = dialog(page).getByRole('button', { name: 'More wallets', exact: true })
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(more).toBeHidden()
  await expect(walletRows(page).nth(41).getByRole('button')).toBeFocused()
})
