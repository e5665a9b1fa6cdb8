// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../core/createKeyframe.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
}
const instances: Keyframe[] = []

function setup(extra: Partial<KeyframeOptions> = {}) {
  const opener = document.createElement('button')
  opener.textContent = 'Connect'
  document.body.append(opener)
  opener.focus()
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return { kf, opener }
}

/** Lets React render what a store change scheduled (it renders on a microtask). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function host(): HTMLElement {
  return document.querySelector<HTMLElement>('[data-keyframe-modal]')!
}
function shadow(): ShadowRoot {
  return host().shadowRoot!
}
function dialog() {
  return shadow().querySelector<HTMLElement>('[role="dialog"]')
}
function buttonNamed(name: string): HTMLButtonElement {
  const button = [...shadow().querySelectorAll('button')].find((b) => accessibleName(b) === name)
  if (!button) throw new Error(`No button named ${name}`)
  return button
}
function accessibleName(el: Element): string {
  return (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()
}
function press(key: string, init: KeyboardEventInit = {}) {
  const target = shadow().activeElement ?? dialog()!
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true, ...init }),
  )
}
function focusables(): HTMLElement[] {
  return [...dialog()!.querySelectorAll<HTMLElement>('button:not([disabled]), input')]
}

afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  await flush()
  document.body.innerHTML = ''
})

describe('open', () => {
  test('default: a labelled modal dialog in a shadow root, rendered when open() resolves', async () => {
    const { kf } = setup()
    expect(document.querySelector('[data-keyframe-modal]')).toBeNull()
    await kf.open()
    expect(host().parentElement).toBe(document.body)
    const d = dialog()!
    expect(d.getAttribute('aria-modal')).toBe('true')
    const title = shadow().getElementById(d.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Connect')
    expect(shadow().querySelector('style')?.textContent).toContain('.kf-card')
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' })
  })

  test('parameters: view', async () => {
    const { kf } = setup()
    await kf.open({ view: 'Account' })
    expect(dialog()!.getAttribute('data-view')).toBe('Account')
    expect(shadow().textContent).toContain('Not connected.')
    expect(() => buttonNamed('Back')).toThrow()
  })

  test('error: unknown view', async () => {
    const { kf } = setup()
    await expect(kf.open({ view: 'Settings' as 'Account' })).rejects.toThrow(
      'Keyframe: unknown view "Settings"',
    )
  })

  test('behavior: one host per instance, reused across opens', async () => {
    const { kf } = setup()
    await kf.open()
    kf.close()
    await flush()
    expect(dialog()).toBeNull()
    await kf.open()
    expect(document.querySelectorAll('[data-keyframe-modal]')).toHaveLength(1)
    expect(dialog()).not.toBeNull()
  })
})

describe('Connect view', () => {
  test('default: e-mail, socials, wallet in that order, every control labelled', async () => {
    const { kf } = setup()
    await kf.open()
    const input = shadow().querySelector('input')!
    expect(input.type).toBe('email')
    const label = [...shadow().querySelectorAll('label')].find((l) => l.htmlFor === input.id)
    expect(label?.textContent).toBe('E-mail')
    const names = [...shadow().querySelectorAll('button')].map(accessibleName)
    expect(names).toEqual([
      'Close',
      'Continue',
      'Continue with Google',
      'X',
      'Discord',
      'Farcaster',
      'GitHub',
      'Apple',
      'Facebook',
      'Connect a wallet',
    ])
    expect(shadow().querySelector('fieldset legend')?.textContent).toBe('Log in with a social account')
    const sections = [...shadow().querySelectorAll('[data-connect-method]')].map((el) =>
      el.getAttribute('data-connect-method'),
    )
    expect(sections).toEqual(['email', 'social', 'wallet'])
  })

  test('parameters: connectMethods sets which sections show and their order', async () => {
    const { kf } = setup({ connectMethods: ['wallet', 'email'] })
    await kf.open()
    const names = [...shadow().querySelectorAll('button')].map(accessibleName)
    expect(names).toEqual(['Close', 'Connect a wallet', 'Continue'])
  })

  test('behavior: the sign-in view, its own chunk, on a site without sign-in says so, with back', async () => {
    const { kf } = setup()
    await kf.open()
    kf._internal.navigate('ConnectingSiwe')
    await vi.waitFor(() => expect(shadow().textContent).toContain('Sign-in is not set up on this site.'))
    expect(shadow().querySelector('h2')?.textContent).toBe('Sign in')
    buttonNamed('Back').click()
    await flush()
    expect(kf.getState().view).toBe('Connect')
  })

  test('behavior: Connect a wallet opens All wallets, its own chunk: a search field, no placeholder', async () => {
    const { kf } = setup()
    await kf.open()
    buttonNamed('Connect a wallet').click()
    await vi.waitFor(() => expect(shadow().querySelector('input[type="search"]')).not.toBeNull())
    expect(shadow().querySelector('h2')?.textContent).toBe('Connect a wallet')
    // Without chainApiUrl there is no catalogue: only the browser's wallets, and it says so.
    expect(shadow().textContent).toContain('This site lists only the wallets in your browser.')
  })

  test('parameters: features.allWallets false leaves All wallets out; no walletConnect, no WalletConnect entry', async () => {
    const { kf } = setup({ features: { allWallets: false } })
    await kf.open()
    const names = [...shadow().querySelectorAll('button')].map(accessibleName)
    expect(names).not.toContain('Connect a wallet')
    expect(names).not.toContain('WalletConnect')
    expect(names).toContain('Continue')
  })
})

describe('keyboard and focus', () => {
  test('behavior: focus moves to the first control on open and returns to the opener on close', async () => {
    const { kf, opener } = setup()
    await kf.open()
    expect(document.activeElement).toBe(host())
    expect(shadow().activeElement).toBe(buttonNamed('Close'))
    kf.close()
    await flush()
    expect(document.activeElement).toBe(opener)
  })

  test('behavior: Tab and Shift+Tab stay inside the dialog', async () => {
    const { kf } = setup()
    await kf.open()
    const items = focusables()
    const first = items[0]!
    const last = items[items.length - 1]!
    last.focus()
    press('Tab')
    expect(shadow().activeElement).toBe(first)
    press('Tab', { shiftKey: true })
    expect(shadow().activeElement).toBe(last)
    // Between the ends, the browser moves focus itself; the trap does not interfere.
    items[1]!.focus()
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
    items[1]!.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
  })

  test('behavior: Esc closes and gives focus back', async () => {
    const { kf, opener } = setup()
    await kf.open()
    press('Escape')
    await flush()
    expect(kf.getState().open).toBe(false)
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  test('behavior: Esc closes from any view, whatever the history', async () => {
    const { kf } = setup()
    await kf.open()
    buttonNamed('Connect a wallet').click()
    await flush()
    press('Escape')
    await flush()
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: the close button closes', async () => {
    const { kf, opener } = setup()
    await kf.open()
    buttonNamed('Close').click()
    await flush()
    expect(kf.getState().open).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  test('behavior: back with one view in the history closes (SPEC §2)', async () => {
    const { kf } = setup()
    await kf.open()
    kf._internal.goBack()
    await flush()
    expect(kf.getState().open).toBe(false)
  })
})

describe('backdrop', () => {
  test('behavior: a click on the backdrop closes; a click in the card does not', async () => {
    const { kf } = setup()
    await kf.open()
    const overlay = shadow().querySelector<HTMLElement>('.kf-overlay')!
    dialog()!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    dialog()!.click()
    await flush()
    expect(kf.getState().open).toBe(true)
    overlay.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    overlay.click()
    await flush()
    expect(kf.getState().open).toBe(false)
  })
})

describe('theme', () => {
  test('default: dark; setThemeMode switches it; variables are set on the themed root', async () => {
    const { kf } = setup({ themeVariables: { '--kf-accent': '#ff0066' } })
    await kf.open()
    const themed = shadow().querySelectorAll<HTMLElement>('[data-theme]')
    expect(themed).toHaveLength(1)
    expect(themed[0]!.contains(dialog())).toBe(true)
    expect(themed[0]!.getAttribute('data-theme')).toBe('dark')
    expect(themed[0]!.style.getPropertyValue('--kf-accent')).toBe('#ff0066')
    kf.setThemeMode('light')
    expect(themed[0]!.getAttribute('data-theme')).toBe('light')
  })
})

describe('toasts', () => {
  test('default: shown in a polite live region inside the modal', async () => {
    const { kf } = setup()
    await kf.open()
    const region = shadow().querySelector('[role="status"]')!
    expect(region.getAttribute('aria-live')).toBe('polite')
    kf._internal.toasts.show('success', 'Transaction started')
    await flush()
    expect(region.textContent).toBe('Done: Transaction started')
  })
})

describe('destroy', () => {
  test('default: removes the modal and gives focus back', async () => {
    const { kf, opener } = setup()
    await kf.open()
    kf.destroy()
    expect(document.querySelector('[data-keyframe-modal]')).toBeNull()
    expect(document.activeElement).toBe(opener)
    await expect(kf.open()).rejects.toThrow('`open()` was called after `destroy()`')
  })
})
