// Node environment on purpose: this is what server rendering sees (no window, no document).
import { describe, expect, test, vi } from 'vitest'
import { createKeyframe, type KeyframeOptions } from './createKeyframe.ts'
import { getModalState } from './modal.ts'
import { getTheme } from './theme.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
}

describe('server rendering (no window)', () => {
  test('default: importing and creating touch no window', async () => {
    expect(typeof window).toBe('undefined')
    const sdk = await import('../exports/index.ts')
    const kf = sdk.createKeyframe(options)
    expect(sdk.getModalState(kf)).toEqual({ isOpen: false, view: 'Connect', history: ['Connect'] })
    expect(sdk.getTheme(kf)).toEqual({ themeMode: 'dark', themeVariables: {} })
    kf.setThemeMode('light')
    expect(kf.getState().themeMode).toBe('light')
    kf.close()
    kf.destroy()
  })

  test('error: open() throws a clear error', async () => {
    const kf = createKeyframe(options)
    await expect(kf.open()).rejects.toThrowErrorMatchingInlineSnapshot(
      `[BrowserOnlyError: Keyframe: \`open()\` needs a browser (window and document), but it ran without one, e.g. during server rendering. Call it from an event handler or an effect.]`,
    )
  })

  test('error: frame() throws a clear error', async () => {
    const kf = createKeyframe(options)
    await expect(kf.frame()).rejects.toThrow('`frame()` needs a browser')
  })
})

describe('options', () => {
  test('default: dark theme, Connect view, closed', () => {
    const kf = createKeyframe(options)
    expect(kf.getState()).toMatchObject({ open: false, view: 'Connect', themeMode: 'dark', toast: undefined })
    expect(kf._internal.connectMethods).toEqual(['email', 'social', 'wallet'])
  })

  test('parameters: themeMode, themeVariables, connectMethods', () => {
    const kf = createKeyframe({
      ...options,
      themeMode: 'light',
      themeVariables: { '--kf-accent': '#ff0066' },
      connectMethods: ['wallet', 'email'],
    })
    expect(getTheme(kf)).toEqual({ themeMode: 'light', themeVariables: { '--kf-accent': '#ff0066' } })
    expect(kf._internal.connectMethods).toEqual(['wallet', 'email'])
  })

  test('error: missing projectId (an alert, and a clear error)', () => {
    const onAlert = vi.fn()
    for (const projectId of ['', '  ', undefined]) {
      expect(() =>
        createKeyframe({ ...options, projectId: projectId as unknown as string, onAlert }),
      ).toThrowErrorMatchingInlineSnapshot(
        `[ConfigError: Keyframe: \`projectId\` is missing. Pass the project id your Keyframe frame server gave you: createKeyframe({ projectId, frameUrl, networks }).]`,
      )
    }
    expect(onAlert).toHaveBeenCalledTimes(3)
    expect(onAlert.mock.calls[0]?.[0]).toMatchObject({ code: 'MISSING_PROJECT_ID' })
  })

  test('error: frameUrl that is not an http(s) URL', () => {
    expect(() => createKeyframe({ ...options, frameUrl: '/frame' })).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: Keyframe: \`frameUrl\` must be the full http(s) URL of the frame document (e.g. "https://wallet.example.com/frame"), got "/frame".]`,
    )
    expect(() => createKeyframe({ ...options, frameUrl: 'javascript:alert(1)' })).toThrow(
      '`frameUrl` must be',
    )
  })

  test('error: invalid themeMode, connect method, network id', () => {
    expect(() => createKeyframe({ ...options, themeMode: 'blue' as 'dark' })).toThrow(
      'Keyframe: `themeMode` must be "light" or "dark", got "blue".',
    )
    expect(() => createKeyframe({ ...options, connectMethods: ['sms' as 'email'] })).toThrow(
      'Keyframe: unknown connect method "sms"; use "email", "social", "wallet".',
    )
    expect(() => createKeyframe({ ...options, networks: [{ id: 'nope:', name: 'Bad' }] })).toThrow(
      'Keyframe: network "Bad" has an invalid id "nope:"; use an EVM chain id number or a CAIP-2 id.',
    )
  })
})

describe('subscribe', () => {
  test('default: called with the new and previous state; unsubscribe stops it', () => {
    const kf = createKeyframe(options)
    const listener = vi.fn()
    const unsubscribe = kf.subscribe(listener)
    kf.setThemeMode('light')
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener.mock.calls[0]?.[0].themeMode).toBe('light')
    expect(listener.mock.calls[0]?.[1].themeMode).toBe('dark')
    unsubscribe()
    kf.setThemeMode('dark')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  test('behavior: destroy() drops every subscription', () => {
    const kf = createKeyframe(options)
    const listener = vi.fn()
    kf.subscribe(listener)
    kf.destroy()
    kf._internal.store.setState({ themeMode: 'light' })
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('setThemeMode', () => {
  test('error: not light or dark', () => {
    const kf = createKeyframe(options)
    expect(() => kf.setThemeMode('sepia' as 'dark')).toThrow(
      'Keyframe: theme mode must be "light" or "dark", got "sepia".',
    )
  })
})

describe('navigation (state only)', () => {
  test('behavior: navigate pushes, goBack pops, goBack on one view closes', () => {
    const kf = createKeyframe(options)
    kf._internal.store.setState({ open: true })
    kf._internal.navigate('AllWallets')
    expect(getModalState(kf)).toMatchObject({
      isOpen: true,
      view: 'AllWallets',
      history: ['Connect', 'AllWallets'],
    })
    kf._internal.goBack()
    expect(getModalState(kf)).toMatchObject({ isOpen: true, view: 'Connect' })
    kf._internal.goBack()
    expect(getModalState(kf).isOpen).toBe(false)
  })

  test('behavior: goBack closes when the history contains UnsupportedChain', () => {
    const kf = createKeyframe(options)
    kf._internal.store.setState({ open: true, history: ['UnsupportedChain'], view: 'UnsupportedChain' })
    kf._internal.navigate('Connect')
    kf._internal.goBack()
    expect(getModalState(kf).isOpen).toBe(false)
  })
})

describe('instances', () => {
  test('behavior: two instances share no state', () => {
    const a = createKeyframe(options)
    const b = createKeyframe(options)
    a.setThemeMode('light')
    expect(b.getState().themeMode).toBe('dark')
  })
})
