/**
 * A compromised dApp page against the frame's approval gate (issue 12, build point 2): the page owns the
 * iframe element, so it can size it, fade it, cover it or scale it, and then lure a click on Approve. Each
 * attack is one test: the page's manipulation, then a person's real click where Approve is drawn, which must
 * give no signature (the request still pending, then rejected). Each ends with its control: the same
 * manipulation with the frame's check switched off (the harness blinds, in the frame document only, what
 * the gate reads: IntersectionObserver v2's verdict or the frame's view of its own size, neither of which a
 * page can reach), where the same click does sign. Long typed data needs the details scrolled to their end,
 * by keyboard too.
 */
import type { Stack } from '@keyframe/devstack'
import type { Page } from '@playwright/test'
import { getTypesForEIP712Domain, toHex, verifyMessage, verifyTypedData } from 'viem'
import { expectAccessible } from '../support/axe.ts'
import { dialog, FRAME_TITLE, frameOf, framePrompt } from '../support/email.ts'
import {
  approveButton,
  discoverKeyframe,
  isSettled,
  newFundedWallet,
  outcomeOf,
  rejectButton,
  resultOf,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// Each test logs a new person in (scrypt in the frame, real mail) and waits out the gate several times.
test.describe.configure({ timeout: 120_000 })

/** Longer than the gate's 1000 ms plus IntersectionObserver v2's 100 ms delay, with room for a busy machine. */
const WELL_PAST_THE_GATE_MS = 2_500

const iframe = (page: Page) => page.locator(`iframe[title="${FRAME_TITLE}"]`)
const details = (page: Page) => framePrompt(page).getByRole('region', { name: 'Request details' })
const hint = (page: Page) => framePrompt(page).locator('.kfa-hint')

/**
 * The page restyles the iframe through a constructed sheet (its CSP allows the CSSOM), `!important` so that
 * the SDK's own placing of the iframe (inline styles, redone on resizes and scrolls) does not undo it.
 */
function styleFrame(page: Page, css: string): Promise<void> {
  return page.evaluate(
    ({ css, title }) => {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(`iframe[title="${title}"]{${css}}`)
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    },
    { css, title: FRAME_TITLE },
  )
}

/** The page takes back its restyling of the iframe ({@link styleFrame}). */
function unstyleFrame(page: Page): Promise<void> {
  return page.evaluate((title) => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter(
      (sheet) => !sheet.cssRules[0]?.cssText.includes(title),
    )
  }, FRAME_TITLE)
}

/** The page draws its own element over the top of the iframe (the details), not over the buttons. */
function coverDetails(page: Page): Promise<void> {
  return iframe(page).evaluate((frame) => {
    const rect = frame.getBoundingClientRect()
    const cover = document.createElement('div')
    cover.textContent = 'Free NFT airdrop — Claim'
    Object.assign(cover.style, {
      position: 'fixed',
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height / 2}px`,
      zIndex: '2147483647',
      background: '#fff',
      color: '#000',
      pointerEvents: 'none',
    })
    document.body.append(cover)
  })
}

/**
 * A person's click (pointer down and up, trusted) where the page draws the screen's `control`, whatever the
 * page did to the iframe: the control's centre in the frame, scaled and placed as the iframe is drawn
 * (Playwright's own boxes ignore a transform on the iframe). The iframe has no border.
 */
async function clickAt(page: Page, stack: Stack, control: 'Approve' | 'Reject') {
  const { x, y } = await pointAt(page, stack, control)
  await page.mouse.click(x, y)
}

/** Where the page draws the centre of the screen's `control` (see {@link clickAt}). */
async function pointAt(page: Page, stack: Stack, control: 'Approve' | 'Reject') {
  const inFrame = await frameOf(page, stack).evaluate((name) => {
    const element = [...document.querySelectorAll('[role="button"], button')].find(
      (candidate) => candidate.textContent === name,
    )
    if (!element) throw new Error(`No ${name} on screen`)
    const rect = element.getBoundingClientRect()
    const viewport = document.documentElement.clientWidth
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2, viewport }
  }, control)
  const drawn = await iframe(page).evaluate((element) => {
    const { left, top, width } = element.getBoundingClientRect()
    return { left, top, width }
  })
  const scale = drawn.width / inFrame.viewport
  return { x: drawn.left + inFrame.x * scale, y: drawn.top + inFrame.y * scale }
}

/** Records, in the frame document, every click that reaches it: whether trusted, and on what. */
function recordClicks(page: Page, stack: Stack): Promise<void> {
  return frameOf(page, stack).evaluate(() => {
    const clicks: string[] = []
    const record = (event: Event) =>
      clicks.push(`${event.isTrusted ? 'trusted' : 'untrusted'} ${(event.target as Element).className}`)
    document.addEventListener('click', record, true)
    Object.assign(window, { __clicks: clicks })
  })
}

function clicksInFrame(page: Page, stack: Stack): Promise<string[]> {
  return frameOf(page, stack).evaluate(() => [...(window as unknown as { __clicks: string[] }).__clicks])
}

/**
 * The attack's end: well past the gate's second, Approve is still disabled; a person's click reaches it
 * and gives nothing, the request still pending; Reject (a click too) ends it with 4001.
 */
async function expectNoSignature(page: Page, stack: Stack, id: string) {
  await expect(approveButton(page)).toBeVisible()
  await recordClicks(page, stack)
  await page.waitForTimeout(WELL_PAST_THE_GATE_MS)
  await expect(approveButton(page)).toBeDisabled()
  await clickAt(page, stack, 'Approve')
  await expect.poll(() => clicksInFrame(page, stack)).toEqual(['trusted kfa-approve'])
  await page.waitForTimeout(500)
  expect(await isSettled(page, id), 'the click on Approve decided nothing').toBe(false)
  await clickAt(page, stack, 'Reject')
  expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
}

/** The control's end: Approve enables, the same click signs, and the signature is the person's. */
async function expectSigned(page: Page, stack: Stack, id: string, address: `0x${string}`, message: string) {
  await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
  await clickAt(page, stack, 'Approve')
  const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}

/**
 * Switches the frame's IntersectionObserver v2 check off, in the frame document only: every entry says the
 * screen is fully in view and visible, whatever the page did to the iframe.
 */
function blindVisibility(page: Page, stack: Stack): Promise<void> {
  return frameOf(page, stack).evaluate(() => {
    const Real = window.IntersectionObserver
    window.IntersectionObserver = class extends Real {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        // What the gate reads of an entry, all saying "fully shown".
        const allVisible = (entries: IntersectionObserverEntry[]) =>
          entries.map((entry) => ({
            target: entry.target,
            time: entry.time,
            isIntersecting: true,
            intersectionRatio: 1,
            isVisible: true,
          })) as unknown as IntersectionObserverEntry[]
        super((entries, observer) => callback(allVisible(entries), observer), options)
      }
    }
  })
}

/**
 * Switches the frame's size check off, in the frame document only: the frame believes its viewport roomy
 * and its details tall enough to hold everything (the real IntersectionObserver still decides visibility).
 */
function blindSize(page: Page, stack: Stack): Promise<void> {
  return frameOf(page, stack).evaluate(() => {
    const roomy = { configurable: true, get: () => 1000 }
    Object.defineProperty(window, 'innerWidth', roomy)
    Object.defineProperty(window, 'innerHeight', roomy)
    for (const name of ['clientHeight', 'scrollHeight'] as const) {
      const real = Object.getOwnPropertyDescriptor(Element.prototype, name)?.get
      Object.defineProperty(Element.prototype, name, {
        configurable: true,
        get(this: Element) {
          return this.classList.contains('kfa-body') ? 500 : real?.call(this)
        },
      })
    }
  })
}

/** A new funded person, logged in on the demo, with the wallet discovered in the page. */
async function signer(page: Page, stack: Stack, label: string) {
  const address = await newFundedWallet(page, stack, label)
  await discoverKeyframe(page)
  return address
}

/**
 * Waits for the iframe to stay where it is: the SDK moves it with the modal's opening animation (at its end),
 * and a pointer resting on the frame then sees it move, which restarts the gate (that is the rule, on a
 * loaded machine it can come late).
 */
async function frameSettled(page: Page) {
  const rect = () => iframe(page).evaluate((element) => JSON.stringify(element.getBoundingClientRect()))
  await expect
    .poll(async () => {
      const before = await rect()
      await page.waitForTimeout(200)
      return before === (await rect())
    })
    .toBe(true)
}

/** Starts a personal_sign of `message` and waits for its screen, in its place. */
async function askToSign(page: Page, address: `0x${string}`, message: string) {
  const id = await startRequest(page, 'personal_sign', [toHex(message), address])
  await expect(dialog(page)).toBeVisible()
  await expect(approveButton(page)).toBeVisible()
  await frameSettled(page)
  return id
}

test.describe('A compromised dApp page against the approval screen (personal_sign, after an e-mail login)', () => {
  test('security: an iframe sized to show only the buttons — Approve stays disabled; control: with the size check off, the click signs', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-crop')
    await styleFrame(page, 'height:100px !important')
    const id = await askToSign(page, address, 'Crop the screen to its buttons')
    // The screen laid out in 100 px: the buttons, and the frame saying why Approve is off.
    await expect(hint(page)).toHaveText('Too small to show the whole request')
    await expectNoSignature(page, stack, id)

    await blindSize(page, stack)
    const message = 'Crop the screen, size check off'
    await expectSigned(page, stack, await askToSign(page, address, message), address, message)
  })

  test('security: opacity on the iframe — Approve stays disabled; control: with the visibility check off, the click signs', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-opacity')
    await styleFrame(page, 'opacity:0.05 !important')
    await expectNoSignature(page, stack, await askToSign(page, address, 'Fade the screen out'))

    await blindVisibility(page, stack)
    const message = 'Fade the screen out, visibility check off'
    await expectSigned(page, stack, await askToSign(page, address, message), address, message)
  })

  test('security: an element of the page over the details — Approve stays disabled; control: with the visibility check off, the click signs', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-overlay')
    const id = await askToSign(page, address, 'I authorize 0xBAD to transfer all assets')
    await coverDetails(page)
    await expectNoSignature(page, stack, id)

    await blindVisibility(page, stack)
    const message = 'Covered details, visibility check off'
    const control = await askToSign(page, address, message)
    await coverDetails(page)
    await expectSigned(page, stack, control, address, message)
  })

  test('security: the iframe scaled down by a transform — Approve stays disabled; control: with the visibility check off, the click signs', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-scale')
    await styleFrame(page, 'transform:scale(0.5) !important;transform-origin:top left !important')
    await expectNoSignature(page, stack, await askToSign(page, address, 'Scale the screen down'))

    await blindVisibility(page, stack)
    const message = 'Scale the screen down, visibility check off'
    await expectSigned(page, stack, await askToSign(page, address, message), address, message)
  })
})

test.describe('A press begun before Approve was usable (personal_sign)', () => {
  test('security: a pointer held down, or a key held with its auto-repeat, from before Approve enabled does not approve; a fresh press does', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-press')
    // Enter goes down on Approve while it is disabled and is held: its repeats arrive once it is enabled.
    // (No wait for the frame to settle here: the press must begin within the gate's second.)
    const keyed = await startRequest(page, 'personal_sign', [toHex('Held Enter'), address])
    await approveButton(page).focus()
    await expect(approveButton(page)).toBeDisabled()
    await page.keyboard.down('Enter')
    await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
    await page.keyboard.down('Enter')
    await page.keyboard.down('Enter')
    await page.keyboard.up('Enter')
    await page.waitForTimeout(500)
    expect(await isSettled(page, keyed), 'auto-repeat decided nothing').toBe(false)
    await page.keyboard.press('Escape')
    expect(await outcomeOf(page, keyed)).toMatchObject({ ok: false, code: 4001 })

    // The pointer goes down on the disabled Approve and comes up on it once it is enabled: a click.
    const message = 'Held pointer'
    const pointed = await startRequest(page, 'personal_sign', [toHex(message), address])
    await expect(approveButton(page)).toBeVisible()
    await recordClicks(page, stack)
    const { x, y } = await pointAt(page, stack, 'Approve')
    await page.mouse.move(x, y)
    await expect(approveButton(page)).toBeDisabled()
    await page.mouse.down()
    await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
    await page.mouse.up()
    await expect.poll(() => clicksInFrame(page, stack)).toEqual(['trusted kfa-approve'])
    await page.waitForTimeout(500)
    expect(await isSettled(page, pointed), 'a press begun before decided nothing').toBe(false)

    // Control: a whole press now signs (the pointer brought to Approve again, wherever the modal's opening
    // animation left the frame).
    await frameSettled(page)
    const now = await pointAt(page, stack, 'Approve')
    await page.mouse.move(now.x, now.y - 30)
    await page.mouse.move(now.x, now.y)
    await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
    await page.mouse.click(now.x, now.y)
    const signature = resultOf(await outcomeOf(page, pointed)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })
})

/**
 * Switches the frame's "moved under a resting pointer" check off, in the frame document only: every pointer
 * event's place on the device's screen is made to move with its place in the frame.
 */
function blindPointerScreen(page: Page, stack: Stack): Promise<void> {
  return frameOf(page, stack).evaluate(() => {
    for (const [screen, client] of [
      ['screenX', 'clientX'],
      ['screenY', 'clientY'],
    ] as const) {
      Object.defineProperty(MouseEvent.prototype, screen, {
        configurable: true,
        get(this: MouseEvent) {
          return this[client]
        },
      })
    }
  })
}

test.describe('The iframe moved under a resting pointer (personal_sign)', () => {
  test('security: the page slides Approve under the pointer resting on the details — the click signs nothing; control: with the check off, it signs', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-move')
    const SHIFT = 120
    /** The person rests the pointer on the details, SHIFT px above Approve; the page then moves the iframe up. */
    async function slideUnderPointer() {
      await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
      const { x, y } = await pointAt(page, stack, 'Approve')
      await page.mouse.move(x, y - SHIFT, { steps: 5 })
      await page.waitForTimeout(300)
      await styleFrame(page, `margin-top:-${SHIFT}px !important`)
      await page.waitForTimeout(50)
      // Pressed where the pointer rests: on Approve now.
      await page.mouse.down()
      await page.mouse.up()
    }

    const id = await askToSign(page, address, 'Slid under the pointer')
    await recordClicks(page, stack)
    await slideUnderPointer()
    await expect.poll(() => clicksInFrame(page, stack)).toEqual(['trusted kfa-approve'])
    await page.waitForTimeout(500)
    expect(await isSettled(page, id), 'the click after the slide decided nothing').toBe(false)
    await page.keyboard.press('Escape')
    expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
    await unstyleFrame(page)

    await blindPointerScreen(page, stack)
    const message = 'Slid under the pointer, check off'
    const control = await askToSign(page, address, message)
    await slideUnderPointer()
    const signature = resultOf(await outcomeOf(page, control)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })
})

/** Typed data with `fields` string fields: far longer than the screen when there are many. */
function longTypedData(fields: number) {
  const names = Array.from({ length: fields }, (_, i) => `clause${i + 1}`)
  const domain = { name: 'Keyframe e2e' } as const
  const types = { Agreement: names.map((name) => ({ name, type: 'string' })) }
  const message = Object.fromEntries(names.map((name, i) => [name, `Clause ${i + 1} of ${fields}`]))
  return {
    json: JSON.stringify({
      domain,
      types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types },
      primaryType: 'Agreement',
      message,
    }),
    verify: { domain, types, primaryType: 'Agreement', message } as const,
  }
}

test.describe('Details longer than the screen (eth_signTypedData_v4)', () => {
  test('behavior: Approve stays disabled until the details are scrolled to their end — with the keyboard; the hint says why', async ({
    page,
    stack,
  }) => {
    const address = await signer(page, stack, 'gate-scroll')
    const data = longTypedData(40)
    const id = await startRequest(page, 'eth_signTypedData_v4', [address, data.json])
    await expect(approveButton(page)).toBeVisible()
    await expect(hint(page)).toHaveText('Scroll to the end to review everything')
    // The details have focus when the screen shows (the parent focuses the frame), so keys scroll them.
    await expect(details(page)).toBeFocused()
    await expectAccessible('the approval screen with details to scroll and its hint', {
      page,
      frame: frameOf(page, stack),
    })
    await page.waitForTimeout(WELL_PAST_THE_GATE_MS)
    await expect(approveButton(page)).toBeDisabled()
    await clickAt(page, stack, 'Approve')
    await page.waitForTimeout(500)
    expect(await isSettled(page, id), 'a click before the end was reached decided nothing').toBe(false)

    // One page down is not the end.
    await details(page).focus()
    await page.keyboard.press('PageDown')
    await page.waitForTimeout(WELL_PAST_THE_GATE_MS)
    await expect(approveButton(page)).toBeDisabled()
    await expect(hint(page)).toHaveText('Scroll to the end to review everything')

    // End is: the hint goes, and Approve enables a second later; Tab → Reject → Approve, Enter signs.
    await page.keyboard.press('End')
    await expect(hint(page)).toHaveText('')
    await expect(framePrompt(page).getByText(`Clause 40 of 40`)).toBeInViewport()
    await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
    await page.keyboard.press('Tab')
    await expect(rejectButton(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(approveButton(page)).toBeFocused()
    await page.keyboard.press('Enter')
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyTypedData({ address, signature, ...data.verify })).toBe(true)
  })

  test('control: short typed data that fits needs no scroll', async ({ page, stack }) => {
    const address = await signer(page, stack, 'gate-short')
    const data = longTypedData(1)
    const id = await startRequest(page, 'eth_signTypedData_v4', [address, data.json])
    await expect(approveButton(page)).toBeVisible()
    const fits = await details(page).evaluate((area) => area.scrollHeight <= area.clientHeight)
    expect(fits, 'the short typed data fits the screen').toBe(true)
    await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
    await expect(hint(page)).toHaveText('')
    await clickAt(page, stack, 'Approve')
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyTypedData({ address, signature, ...data.verify })).toBe(true)
  })
})
