/**
 * Receive (issue 15, build point 3), with an e-mail login and with an injected wallet: the QR code on screen
 * decodes (screenshot → jsQR) to the connected address, the address is shown in full and copied, and the
 * networks it works on are listed; axe, the keyboard, and the light, dark and phone looks.
 */
import type { Stack } from '@keyframe/devstack'
import type { Page } from '@playwright/test'
import { getAddress } from 'viem'
import { expectAccessible } from '../support/axe.ts'
import { dialog } from '../support/email.ts'
import { newWallet } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { connectDevWallet, DEV_WALLET_ADDRESS } from '../support/injectedWallet.ts'
import { copyReceiveAddress, decodeReceiveQr, openReceive, receiveQr } from '../support/wallet/receive.ts'

const LOGINS = {
  'e-mail login': (page: Page, stack: Stack) => newWallet(page, stack, 'receive'),
  'injected wallet': async (page: Page, stack: Stack) => {
    await connectDevWallet(page, stack)
    return DEV_WALLET_ADDRESS
  },
} as const

for (const [login, connect] of Object.entries(LOGINS)) {
  test(`behavior: Receive's QR code decodes to the connected address, shown in full and copied, with the dApp's networks (${login})`, async ({
    page,
    stack,
  }) => {
    const address = await connect(page, stack)
    await openReceive(page)

    const shownByDapp = (await page.getByTestId('account-address').textContent()) ?? ''
    const decoded = await decodeReceiveQr(page)
    expect(decoded).toBe(shownByDapp)
    expect(getAddress(decoded)).toBe(address)
    await expect(dialog(page).getByTestId('kf-receive-address')).toHaveText(decoded)
    expect(await copyReceiveAddress(page)).toBe(decoded)

    const networks = dialog(page).getByRole('region', { name: 'Receive on these networks only' })
    await expect(networks.getByRole('listitem')).toHaveText(stack.chains.map((c) => c.name))
  })
}

test('accessibility: Receive passes axe-core and works by keyboard, its code decodes in light, dark and on a phone', async ({
  page,
  stack,
}, testInfo) => {
  await connectDevWallet(page, stack)
  for (const { name, viewport } of [
    { name: 'dark', viewport: { width: 1280, height: 800 } },
    { name: 'light', viewport: { width: 1280, height: 800 } },
    { name: 'phone, light', viewport: { width: 375, height: 667 } },
  ]) {
    await page.setViewportSize(viewport)
    if (name === 'light') await page.getByRole('button', { name: 'Light theme', exact: true }).click()
    await openReceive(page)
    expect(getAddress(await decodeReceiveQr(page)), name).toBe(DEV_WALLET_ADDRESS)
    await expectAccessible(`Receive (${name})`, { page })
    await testInfo.attach(`Receive, ${name}`, { body: await page.screenshot(), contentType: 'image/png' })
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
  }

  // By keyboard alone: Tab to Copy address, Enter copies; Esc closes.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  })
  await openReceive(page)
  const copy = dialog(page).getByRole('button', { name: 'Copy address', exact: true })
  for (let i = 0; i < 6; i++) {
    if (await copy.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(copy).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByText('Address copied')).toBeVisible()
  expect(getAddress(await page.evaluate(() => navigator.clipboard.readText()))).toBe(DEV_WALLET_ADDRESS)
  await expect(receiveQr(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
})
