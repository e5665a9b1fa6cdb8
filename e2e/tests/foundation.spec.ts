import { expect, spyRecords, test } from '../support/fixtures.ts'

test.describe('demo dApp (React)', () => {
  test('behavior: the dApp loads without creating the iframe or calling the frame origin', async ({
    page,
    stack,
  }) => {
    const frameRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(stack.frameOrigin)) frameRequests.push(r.url())
    })
    await page.goto(stack.dappUrl)
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('iframe')).toHaveCount(0)
    expect(frameRequests).toEqual([])
  })

  test('default: opening the modal shows the Connect view in the dark theme', async ({ page, stack }) => {
    await page.goto(stack.dappUrl)
    await page.getByRole('button', { name: 'Connect' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.getByRole('heading', { name: 'Connect' })).toBeVisible()
    await expect(page.locator('[data-keyframe-modal] [data-theme]').first()).toHaveAttribute(
      'data-theme',
      'dark',
    )
    // Spec §9: default connect method order is email, social, wallet.
    const order = await dialog
      .locator('[data-connect-method]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-connect-method')))
    expect(order).toEqual(['email', 'social', 'wallet'])
    await expect(page.getByTestId('modal-state')).toHaveText('open (Connect)')
  })

  test('parameters: themeMode light shows the modal in the light theme', async ({ page, stack }) => {
    await page.goto(stack.dappUrl)
    await page.getByRole('button', { name: 'Light theme' }).click()
    await page.getByRole('button', { name: 'Connect' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    const themed = page.locator('[data-keyframe-modal] [data-theme]').first()
    await expect(themed).toHaveAttribute('data-theme', 'light')
    const background = await page.getByRole('dialog').evaluate((el) => getComputedStyle(el).backgroundColor)
    // A light card: every channel bright.
    const channels = background.match(/\d+/g)!.slice(0, 3).map(Number)
    expect(Math.min(...channels)).toBeGreaterThan(200)
  })

  test('behavior: a request round-trips through the frame on the other origin', async ({
    page,
    context,
    stack,
  }) => {
    await page.goto(stack.dappUrl)
    await page.getByRole('button', { name: 'Ask the frame for its chain' }).click()
    // The demo's first network (anvil, 31337) is the chain the frame was loaded for.
    await expect(page.getByTestId('frame-chain')).toHaveText('eip155:31337')
    const iframe = page.locator('iframe')
    await expect(iframe).toHaveCount(1)
    expect(new URL((await iframe.getAttribute('src'))!).origin).toBe(stack.frameOrigin)

    // The spy saw both directions, each with the exact origin of the other side.
    const records = await spyRecords(context)
    const fromDapp = records.filter((r) => r.from === stack.dappOrigin)
    const fromFrame = records.filter((r) => r.from === stack.frameOrigin)
    expect(
      fromDapp.some((r) => r.targetOrigin === stack.frameOrigin && r.message.includes('GET_CHAIN_ID')),
    ).toBe(true)
    expect(fromFrame.some((r) => r.targetOrigin === stack.dappOrigin && r.message.includes('READY'))).toBe(
      true,
    )
  })

  test('behavior: the theme is synced to the frame', async ({ page, stack }) => {
    await page.goto(stack.dappUrl)
    await page.getByRole('button', { name: 'Ask the frame for its chain' }).click()
    await expect(page.getByTestId('frame-chain')).toHaveText('eip155:31337')
    const frame = page.frames().find((f) => f.url().startsWith(stack.frameOrigin))!
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.getByRole('button', { name: 'Light theme' }).click()
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
  })
})

test.describe('demo dApp (vanilla entry)', () => {
  test('default: a plain HTML page opens and closes the modal', async ({ page, stack }) => {
    await page.goto(`${stack.dappUrl}vanilla.html`)
    await expect(page.locator('iframe')).toHaveCount(0)
    await page.getByRole('button', { name: 'Connect' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Connect' })).toBeVisible()
    await expect(page.locator('#status')).toHaveText('Modal open (Connect)')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.locator('#status')).toHaveText('Modal closed')
  })
})
