import type { Page } from '@playwright/test'

/**
 * Records, from now on, whether the modal ever shows `text`. A toast stays 4 s and may be gone by the time
 * the action's result is read (or sooner, when the modal closes under it), so the modal's shadow root is
 * polled meanwhile, about once a frame.
 */
export async function watchModalText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((text) => {
    const seen = { value: false }
    Object.assign(window, { __modalTextSeen: seen })
    setInterval(() => {
      const root = document.querySelector('[data-keyframe-modal]')?.shadowRoot
      if (root?.textContent?.includes(text)) seen.value = true
    }, 16)
  }, text)
  return () =>
    page.evaluate(() => (window as unknown as { __modalTextSeen: { value: boolean } }).__modalTextSeen.value)
}
