/**
 * The wallet's iframe once an approval is over: the SDK keeps it drawn where the approval screen was
 * ("parked", `parent-sdk/src/ui/views/frameSlot.ts`) so that the next approval shows with the frame's next
 * paint. What a person on the dApp must notice of that: nothing. It draws nothing over the page (whatever
 * the page's color scheme), clicks go through it to the page, the keyboard and assistive technology do not
 * reach it; and the next approval still shows, and works with the keyboard as with the pointer.
 */
import type { Page } from '@playwright/test'
import { toHex, verifyMessage } from 'viem'
import { dialog, FRAME_TITLE, framePrompt, openModal } from '../support/email.ts'
import {
  approve,
  approveButton,
  discoverKeyframe,
  newFundedWallet,
  outcomeOf,
  rejectButton,
  resultOf,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// Each test logs a new person in (scrypt in the frame, real mail) and waits ≥ 1 s per approval.
test.describe.configure({ timeout: 90_000 })

const iframe = (page: Page) => page.locator(`iframe[title="${FRAME_TITLE}"]`)

type Rect = { x: number; y: number; width: number; height: number }

/** The iframe's rectangle in the viewport, whole CSS pixels (inside the viewport). */
async function frameRect(page: Page): Promise<Rect> {
  const box = await iframe(page).boundingBox()
  if (!box) throw new Error('The iframe is not displayed')
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 }
  const x = Math.max(0, Math.floor(box.x))
  const y = Math.max(0, Math.floor(box.y))
  const width = Math.min(viewport.width, Math.ceil(box.x + box.width)) - x
  const height = Math.min(viewport.height, Math.ceil(box.y + box.height)) - y
  return { x, y, width, height }
}

/** Sets the iframe's own inline style property (and gives back the value it had). */
function setFrameStyle(page: Page, property: string, value: string): Promise<string> {
  return iframe(page).evaluate(
    (el, { property, value }) => {
      const style = (el as HTMLIFrameElement).style
      const before = style.getPropertyValue(property)
      if (value) style.setProperty(property, value)
      else style.removeProperty(property)
      return before
    },
    { property, value },
  )
}

/**
 * Whether the page over the iframe's rectangle looks the same with the iframe as it is and with the iframe
 * taken out of it (`display: none`, then put back as it was).
 */
async function sameWithoutFrame(page: Page): Promise<boolean> {
  const clip = await frameRect(page)
  expect(clip.width * clip.height, 'the iframe has an area to draw in').toBeGreaterThan(0)
  const withFrame = await page.screenshot({ clip })
  const display = await setFrameStyle(page, 'display', 'none')
  try {
    return withFrame.equals(await page.screenshot({ clip }))
  } finally {
    await setFrameStyle(page, 'display', display)
  }
}

/** A parked frame draws nothing. Retried a few times, in case the page itself changed between the shots. */
async function expectDrawsNothing(page: Page, label: string) {
  await expect(async () => {
    expect(await sameWithoutFrame(page), `${label}: the parked iframe draws nothing`).toBe(true)
  }).toPass({ timeout: 10_000 })
}

/** The iframe is parked: displayed where the approval was, but out of reach (pointer, Tab, assistive tech). */
async function expectParked(page: Page) {
  await expect(dialog(page)).toBeHidden()
  await expect(iframe(page)).toHaveAttribute('aria-hidden', 'true')
  await expect(iframe(page)).toHaveAttribute('tabindex', '-1')
  // Still displayed: the next approval is on screen with the frame's own next paint.
  await expect(iframe(page)).toBeVisible()
}

/** A personal_sign approved in the frame with the pointer, verified; leaves the frame parked. */
async function signOnce(page: Page, address: `0x${string}`, message: string) {
  const id = await startRequest(page, 'personal_sign', [toHex(message), address])
  await expect(dialog(page)).toBeVisible()
  await expect(framePrompt(page).getByText(message)).toBeVisible()
  await approve(page)
  const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  await expectParked(page)
}

test.describe('The wallet frame between approvals (after an e-mail login, a personal_sign approved)', () => {
  test('behavior: the parked frame draws nothing over the page, in a light or a dark page', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'parked-paint')
    await discoverKeyframe(page)
    await signOnce(page, address, 'Park the frame')
    // The pointer away from the frame's rectangle: no hover state changes between the shots.
    await page.mouse.move(0, 0)

    // The dApp as it is (its root says `color-scheme: light dark`, the browser prefers light).
    await expectDrawsNothing(page, 'default page')

    // A dark page: Chromium paints an iframe opaque when its element's color scheme and its document's
    // differ; the frame must still draw nothing.
    await page.evaluate(() => {
      document.documentElement.style.colorScheme = 'dark'
    })
    await expectDrawsNothing(page, 'dark page')

    // The comparison sees such an opaque frame: with the iframe's own color scheme forced to the page's
    // (what it inherits without the SDK's `color-scheme: normal`), the rectangle is painted over.
    const scheme = await setFrameStyle(page, 'color-scheme', 'dark')
    try {
      await expect(async () => {
        expect(await sameWithoutFrame(page), 'an opaque frame shows in the comparison').toBe(false)
      }).toPass({ timeout: 10_000 })
    } finally {
      await setFrameStyle(page, 'color-scheme', scheme)
    }
    await expectDrawsNothing(page, 'dark page, frame restored')
  })

  test('behavior: a click inside the parked frame’s rectangle reaches the page, and Tab never lands in it', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'parked-click')
    await discoverKeyframe(page)
    await signOnce(page, address, 'Park the frame')

    // Out of the accessibility tree and of the tab order.
    await expect(iframe(page)).toHaveAttribute('aria-hidden', 'true')
    await expect(iframe(page)).toHaveAttribute('tabindex', '-1')

    // A button of the page right under the frame's rectangle (below the frame in z-order).
    const rect = await frameRect(page)
    await page.evaluate((rect) => {
      const button = document.createElement('button')
      button.id = 'under-the-frame'
      button.textContent = 'Under the frame'
      Object.assign(button.style, {
        position: 'fixed',
        left: `${rect.x}px`,
        top: `${rect.y}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
        zIndex: '2147483646',
      })
      const clicks: boolean[] = []
      button.addEventListener('click', (event) => clicks.push(event.isTrusted))
      Object.assign(window, { __underClicks: clicks })
      document.body.append(button)
    }, rect)
    const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }

    // What the page finds at the centre is its own button, not the iframe.
    const hit = await page.evaluate(({ x, y }) => {
      const el = document.elementFromPoint(x, y)
      return { tag: el?.tagName.toLowerCase(), id: el?.id }
    }, centre)
    expect(hit).toEqual({ tag: 'button', id: 'under-the-frame' })

    // A person's click there is the page's.
    await page.mouse.click(centre.x, centre.y)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __underClicks: boolean[] }).__underClicks))
      .toEqual([true])

    // Tabbing once round the whole page never puts focus into the frame (the page's focus is on the iframe
    // element whenever it is anywhere in the frame's document).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    const stops: string[] = []
    for (let i = 0; i < 100; i++) {
      await page.keyboard.press('Tab')
      const stop = await page.evaluate(() => {
        const el = document.activeElement
        if (!el || el === document.body) return 'body'
        if (el instanceof HTMLIFrameElement) return `iframe ${el.title}`
        const mark =
          el.getAttribute('data-tab-stop') ?? String(document.querySelectorAll('[data-tab-stop]').length)
        el.setAttribute('data-tab-stop', mark)
        return `#${mark} ${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 30)}`
      })
      // Back at the first stop: once round.
      if (stops.length > 0 && stop === stops[0]) break
      stops.push(stop)
    }
    expect(stops.length, 'Tab went once round the page').toBeLessThan(100)
    // …past the iframe's place in the page (the button added after it, at the end of the body).
    expect(stops.some((s) => s.endsWith('Under the frame'))).toBe(true)
    expect(
      stops.filter((s) => s.startsWith('iframe')),
      'Tab stops in the frame',
    ).toEqual([])
  })

  test('behavior: the next approval shows again and is approved with the keyboard (Enter, then Space)', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'parked-keys')
    await discoverKeyframe(page)
    await signOnce(page, address, 'Park the frame')

    // The next one shows in the modal, Approve disabled at first, then usable.
    const message = 'Approved with Enter'
    const id = await startRequest(page, 'personal_sign', [toHex(message), address])
    await expect(dialog(page)).toBeVisible()
    await expect(iframe(page)).toBeVisible()
    await expect(iframe(page)).not.toHaveAttribute('aria-hidden', 'true')
    await expect(framePrompt(page).getByText(message)).toBeVisible()
    const button = approveButton(page)
    await expect(button).toBeVisible()
    await expect(button).toBeDisabled()
    await expect(button).toBeEnabled({ timeout: 15_000 })

    // From the details (focused when the screen shows), Tab reaches Reject, then Approve; Enter approves.
    await expect(rejectButton(page)).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(rejectButton(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(button).toBeFocused()
    await page.keyboard.press('Enter')
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    await expectParked(page)

    // And once more, with Space on the focused Approve.
    const spaced = 'Approved with Space'
    const second = await startRequest(page, 'personal_sign', [toHex(spaced), address])
    await expect(framePrompt(page).getByText(spaced)).toBeVisible()
    await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
    await approveButton(page).focus()
    await page.keyboard.press('Space')
    const spacedSignature = resultOf(await outcomeOf(page, second)) as `0x${string}`
    expect(await verifyMessage({ address, message: spaced, signature: spacedSignature })).toBe(true)
    await expectParked(page)
  })

  test('behavior: closing the modal during an approval rejects it with 4001 (issue 15) and parks the frame; reopened, the modal shows no approval', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'parked-close')
    await discoverKeyframe(page)
    await signOnce(page, address, 'Park the frame')

    const id = await startRequest(page, 'personal_sign', [toHex('Closed before deciding'), address])
    await expect(approveButton(page)).toBeVisible()
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click()
    expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
    // The frame is out of the way again: out of reach, drawing nothing.
    await expectParked(page)

    await openModal(page)
    await expect(dialog(page).getByTestId('kf-approve-slot')).toHaveCount(0)
    await expect(iframe(page)).toHaveAttribute('aria-hidden', 'true')
  })
})
