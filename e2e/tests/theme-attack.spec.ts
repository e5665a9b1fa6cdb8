/**
 * SECURITY.md §0: nothing the parent sends can change what the frame shows a person. A compromised dApp page
 * (it is the frame's parent, so its messages pass the frame's origin check) posts SYNC_THEME with free CSS —
 * transparent text, a `url()` background drawing "Free NFT airdrop — Claim", `var()`, gradients, alpha — and
 * then asks for a signature. The frame refuses every such value (-32602) and its approval screen still draws
 * the real request in opaque, frame-owned colours at ≥ 4.5:1, measured on what the browser computed and
 * drew. The control writes the same variables straight into the frame document (what the frame did with
 * SYNC_THEME before): the request text is then drawn in nothing, so these measurements can fail.
 */
import type { Stack } from '@keyframe/devstack'
import { contrastRatio } from '@keyframe/protocol/core'
import type { Frame, FrameLocator, Locator, Page, TestInfo } from '@playwright/test'
import { getAddress, toHex, verifyMessage } from 'viem'
import {
  codeFromMail,
  createPassphrase,
  dialog,
  expectConnected,
  FRAME_TITLE,
  frameOf,
  framePrompt,
  newPassphrase,
  rememberSessionToken,
  SUBJECT,
  submitEmail,
  typeCode,
  uniqueEmail,
} from '../support/email.ts'
import {
  approve,
  discoverKeyframe,
  newWallet,
  outcomeOf,
  rejectButton,
  resultOf,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// Each test logs a new person in (scrypt in the frame, real mail) and waits ≥ 1 s for Approve.
test.describe.configure({ timeout: 120_000 })

/** The request the attacker wants signed, and the lie it wants shown instead. */
const REAL = 'I authorize 0xBAD0000000000000000000000000000000000BAD to transfer ALL assets'
const LIE_SVG =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='800' height='800'><rect width='800' height='800' fill='%23101318'/><text x='24' y='90' fill='white' font-family='sans-serif' font-size='26'>Free NFT airdrop — Claim</text></svg>"

/** The variables that redrew the screen when the frame applied the parent's CSS variables as given. */
const FREE_CSS = {
  '--kf-text': 'transparent',
  '--kf-text-muted': 'transparent',
  '--kf-accent-text': '#00000000',
  '--kf-bg': `url("${LIE_SVG}")`,
  '--kf-surface': 'transparent',
  '--kf-border': 'transparent',
}

/** SYNC_THEME params a compromised page tries; the frame must refuse each with -32602. */
const ATTACKS: Record<string, unknown> = {
  'free CSS variables (transparent text, url() background)': { themeVariables: FREE_CSS },
  'AppKit variables': { w3mThemeVariables: { '--w3m-accent': 'transparent' } },
  'a url() background token': { tokens: { background: `url("${LIE_SVG}")` } },
  'var() colours': { tokens: { accent: 'var(--kf-bg)', surface: 'var(--kf-bg)' } },
  'a gradient surface': { tokens: { surface: 'linear-gradient(#101318, #101318)' } },
  'an image-set background': { tokens: { background: `image-set(url("${LIE_SVG}") 1x)` } },
  'a see-through background (#rrggbbaa)': { tokens: { background: '#10131800' } },
  'a transparent accent': { tokens: { accent: 'transparent' } },
  'a text colour token': { tokens: { text: '#101318' } },
  'a colour with a declaration after it': { tokens: { accent: '#fff;color:transparent' } },
}

/** The most the closed token set allows: every fill the same mid grey, where neither near-black nor near-white reads. */
const GREY_EVERYWHERE = {
  themeMode: 'light',
  tokens: { background: '#777777', surface: '#777777', border: '#777777', accent: '#777777' },
}

type Reply = { ok: true; result: unknown } | { ok: false; error: { code: number; message: string } }

/**
 * Posts a SYNC_THEME from the page to the wallet's iframe as the page's own script can (the frame's parent,
 * its exact origin), and waits for the frame's reply.
 */
function postSyncTheme(page: Page, stack: Stack, params: unknown): Promise<Reply> {
  return page.evaluate(
    ({ params, frameOrigin, title }) =>
      new Promise<Reply>((resolve, reject) => {
        const rid = crypto.randomUUID()
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { kind?: string; rid?: string; data?: Reply }
          if (event.origin !== frameOrigin || data?.kind !== 'reply' || data.rid !== rid) return
          window.removeEventListener('message', onMessage)
          resolve(data.data as Reply)
        }
        window.addEventListener('message', onMessage)
        const iframe = document.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`)
        iframe?.contentWindow?.postMessage(
          { keyframe: 1, kind: 'request', rid, type: 'SYNC_THEME', data: { v: 1, id: rid, params } },
          frameOrigin,
        )
        setTimeout(() => reject(new Error('The frame did not answer SYNC_THEME')), 5_000)
      }),
    { params, frameOrigin: stack.frameOrigin, title: FRAME_TITLE },
  )
}

/** What the browser computed for an element: its colour, and what is behind it up to the first opaque fill. */
type Computed = { color: string; fill: string | null; images: string[]; opacity: number }

function computedOf(element: Locator): Promise<Computed> {
  return element.evaluate((el) => {
    const images: string[] = []
    let opacity = 1
    let fill: string | null = null
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      opacity *= Number(style.opacity)
      if (style.backgroundImage !== 'none') images.push(style.backgroundImage)
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)$/.exec(style.backgroundColor)?.[1]
      if (
        fill === null &&
        style.backgroundColor !== 'transparent' &&
        (alpha === undefined || Number(alpha) === 1)
      ) {
        fill = style.backgroundColor
      }
    }
    return { color: getComputedStyle(el).color, fill, images, opacity }
  })
}

/** `rgb(r, g, b)` as `#rrggbb`; undefined for anything not opaque. */
function opaqueHex(color: string | null): string | undefined {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color ?? '')
  if (!match || (match[4] !== undefined && Number(match[4]) !== 1)) return undefined
  return `#${match
    .slice(1, 4)
    .map((v) => Number(v).toString(16).padStart(2, '0'))
    .join('')}`
}

/** The contrast an element's text is drawn with, or 1 when it is not drawn opaque on an opaque fill alone. */
async function drawnContrast(element: Locator): Promise<number> {
  const computed = await computedOf(element)
  const text = opaqueHex(computed.color)
  const fill = opaqueHex(computed.fill)
  if (text === undefined || fill === undefined || computed.images.length > 0 || computed.opacity < 1) return 1
  return contrastRatio(text, fill)
}

/**
 * Whether the element's text leaves pixels on screen: its screenshot as it is, and with the glyphs made
 * see-through (through the CSSOM, which the frame's CSP allows), differ.
 */
async function textLeavesPixels(element: Locator): Promise<boolean> {
  const drawn = await element.screenshot()
  await element.evaluate((el) =>
    (el as HTMLElement).style.setProperty('-webkit-text-fill-color', 'transparent'),
  )
  try {
    return !drawn.equals(await element.screenshot())
  } finally {
    await element.evaluate((el) => (el as HTMLElement).style.removeProperty('-webkit-text-fill-color'))
  }
}

/** The approval screen's parts a person must be able to read. */
function screenParts(prompt: FrameLocator) {
  return {
    title: prompt.getByRole('heading', { name: 'Sign message' }),
    'site label': prompt.getByText('Site', { exact: true }),
    request: prompt.getByText(REAL, { exact: true }),
    origin: prompt.locator('dd', { hasText: /^http:\/\// }).first(),
    approve: prompt.getByRole('button', { name: 'Approve', exact: true }),
    reject: prompt.getByRole('button', { name: 'Reject', exact: true }),
  }
}

/**
 * The request's text is on screen in pixels, and once Approve is usable (a disabled control is drawn faded,
 * which WCAG exempts) every part reads at ≥ 4.5:1 as drawn.
 */
async function expectReadable(page: Page) {
  const parts = screenParts(framePrompt(page))
  await expect(parts.request).toBeVisible()
  expect(await textLeavesPixels(parts.request), 'the request text is drawn').toBe(true)
  await expect(parts.approve).toBeEnabled({ timeout: 15_000 })
  for (const [name, part] of Object.entries(parts)) {
    expect(await drawnContrast(part), `${name}: contrast as drawn`).toBeGreaterThanOrEqual(4.5)
  }
}

/** The frame document's root properties (what the theme wrote), as text. */
function rootStyle(frame: Frame): Promise<string> {
  return frame.evaluate(() => document.documentElement.style.cssText)
}

test.describe('A compromised dApp page against the approval screen (after an e-mail login)', () => {
  test('security: free CSS in SYNC_THEME is refused (-32602); the request is drawn in the frame’s own readable colours and Approve signs it', async ({
    page,
    stack,
  }) => {
    const address = await newWallet(page, stack, 'theme-attack')
    await discoverKeyframe(page)
    const before = await rootStyle(frameOf(page, stack))

    for (const [name, params] of Object.entries(ATTACKS)) {
      const reply = await postSyncTheme(page, stack, params)
      expect(reply, name).toMatchObject({ ok: false, error: { code: -32602 } })
    }
    expect(await rootStyle(frameOf(page, stack)), 'refused themes change nothing').toBe(before)
    // What the tokens do allow, at its worst for contrast, is accepted, and computed around.
    expect(await postSyncTheme(page, stack, GREY_EVERYWHERE)).toEqual({ ok: true, result: null })
    const themed = await rootStyle(frameOf(page, stack))
    expect(themed).toContain('--kf-bg: #777777')
    expect(themed).not.toMatch(/url\(|var\(|gradient|image-set|transparent/)

    const id = await startRequest(page, 'personal_sign', [toHex(REAL), address])
    await expect(dialog(page)).toBeVisible()
    await expectReadable(page)
    await approve(page)
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyMessage({ address, message: REAL, signature })).toBe(true)
  })

  test('control: the same variables written straight into the frame document (the old SYNC_THEME) hide the request', async ({
    page,
    stack,
  }) => {
    const address = await newWallet(page, stack, 'theme-control')
    await discoverKeyframe(page)
    const id = await startRequest(page, 'personal_sign', [toHex(REAL), address])
    await expect(dialog(page)).toBeVisible()
    const parts = screenParts(framePrompt(page))
    await expect(parts.request).toBeVisible()
    // The measurements pass on the screen as the frame draws it…
    expect(await drawnContrast(parts.request)).toBeGreaterThanOrEqual(4.5)
    expect(await textLeavesPixels(parts.request)).toBe(true)

    // …and fail once the attacker's variables reach the document unchecked.
    await frameOf(page, stack).evaluate((variables) => {
      for (const [name, value] of Object.entries(variables)) {
        document.documentElement.style.setProperty(name, value)
      }
    }, FREE_CSS)
    const computed = await computedOf(parts.request)
    expect(opaqueHex(computed.color), 'the request text is see-through').toBeUndefined()
    expect(computed.images.join(' '), 'a picture of the lie behind it').toContain('Free NFT airdrop')
    expect(await drawnContrast(parts.request)).toBe(1)
    expect(await textLeavesPixels(parts.request), 'the request text leaves no pixels').toBe(false)
    expect(await drawnContrast(parts.approve), 'Approve’s label is see-through').toBe(1)

    await rejectButton(page).click()
    expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
  })
})

/** The frame's screens in a theme: each part measured, screenshots attached to the test's results. */
const LOOKS = [
  { name: 'dark', viewport: { width: 1280, height: 800 }, params: { themeMode: 'dark' } },
  { name: 'light', viewport: { width: 1280, height: 800 }, params: { themeMode: 'light' } },
  {
    name: 'light with a custom accent, rounded font, radius 4',
    viewport: { width: 1280, height: 800 },
    params: {
      themeMode: 'light',
      tokens: { accent: '#0f7b6c', radius: 4, fontFamily: 'rounded', fontSize: 15 },
    },
  },
  {
    name: 'phone, dark with custom fills',
    viewport: { width: 390, height: 844 },
    params: { themeMode: 'dark', tokens: { background: '#0b1020', surface: '#1b2440', accent: '#ff3d71' } },
  },
] as const

/** Each part of a prompt is visible and drawn at ≥ 4.5:1. */
async function expectPartsReadable(screen: string, parts: Locator[]) {
  for (const part of parts) {
    await expect(part).toBeVisible({ timeout: 15_000 })
    const label = `${screen}: ${(await part.textContent()) || (await part.getAttribute('aria-label'))}`
    expect(await drawnContrast(part), label).toBeGreaterThanOrEqual(4.5)
  }
}

/** A screenshot of the page, attached to the test's results. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' })
}

for (const look of LOOKS) {
  test(`look: the code and passphrase prompts and the approval screen in ${look.name} read at ≥ 4.5:1`, async ({
    page,
    stack,
  }, testInfo) => {
    await page.setViewportSize(look.viewport)
    const email = uniqueEmail('theme-look')
    const passphrase = newPassphrase()
    await page.goto(stack.dappUrl)
    await submitEmail(page, email)
    // The dApp's theme, as its own SDK would send it; the frame is up since the e-mail went through it.
    expect(await postSyncTheme(page, stack, look.params)).toEqual({ ok: true, result: null })
    const prompt = framePrompt(page)
    await expectPartsReadable('code prompt', [
      prompt.getByRole('heading', { name: 'Check your e-mail' }),
      prompt.getByText('Enter the 6-digit code we sent to', { exact: false }),
      prompt.getByLabel('Digit 1 of 6', { exact: true }),
    ])
    await keepScreenshot(page, testInfo, `code prompt, ${look.name}`)
    await typeCode(page, await codeFromMail(stack, email, SUBJECT.login))

    await expect(prompt.getByRole('heading', { name: 'Create a recovery passphrase' })).toBeVisible({
      timeout: 15_000,
    })
    await expectPartsReadable('passphrase prompt', [
      prompt.getByRole('heading', { name: 'Create a recovery passphrase' }),
      prompt.getByText('Nobody can reset it for you', { exact: false }),
      prompt.getByText('Repeat passphrase', { exact: true }),
      prompt.getByRole('button', { name: 'Continue', exact: true }),
      prompt.getByRole('button', { name: 'Cancel', exact: true }),
    ])
    await keepScreenshot(page, testInfo, `passphrase prompt, ${look.name}`)
    await createPassphrase(page, passphrase)
    const address = getAddress(await expectConnected(page, email))
    await rememberSessionToken(page, stack)

    await discoverKeyframe(page)
    const id = await startRequest(page, 'personal_sign', [toHex(REAL), address])
    await expect(dialog(page)).toBeVisible()
    await expectReadable(page)
    await keepScreenshot(page, testInfo, `approval, ${look.name}`)
    await rejectButton(page).click()
    expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
  })
}
