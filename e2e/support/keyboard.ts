/**
 * Reaching a control by keyboard alone, as a person without a pointer does.
 * @module
 */
import { expect, type Locator, type Page } from '@playwright/test'

/** Presses Tab until `target` (in the modal's shadow root) has the focus, at most 16 times. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 16; i++) {
    if (await target.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}
