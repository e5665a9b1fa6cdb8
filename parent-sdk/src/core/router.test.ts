import { describe, expect, test } from 'vitest'
import { current, goBack, isCloseDisabled, isView, push, replace, reset, VIEWS } from './router.ts'

describe('reset', () => {
  test('default: a history of the Connect view', () => {
    expect(reset()).toEqual(['Connect'])
  })
  test('parameters: view', () => {
    expect(reset('Account')).toEqual(['Account'])
  })
})

describe('push', () => {
  test('default: adds the view on top', () => {
    const history = push(reset(), 'EmailVerifyOtp')
    expect(history).toEqual(['Connect', 'EmailVerifyOtp'])
    expect(current(history)).toBe('EmailVerifyOtp')
  })
  test('behavior: pushing the view already shown changes nothing', () => {
    const history = reset()
    expect(push(history, 'Connect')).toBe(history)
  })
  test('behavior: does not change the given history', () => {
    const history = reset()
    push(history, 'AllWallets')
    expect(history).toEqual(['Connect'])
  })
})

describe('replace', () => {
  test('default: swaps the current view', () => {
    expect(replace(push(reset(), 'EmailVerifyOtp'), 'AllWallets')).toEqual(['Connect', 'AllWallets'])
  })
})

describe('goBack', () => {
  test('default: shows the previous view', () => {
    expect(goBack(['Connect', 'EmailVerifyOtp'])).toEqual({ close: false, history: ['Connect'] })
  })
  test('behavior: closes the modal when the history holds one view', () => {
    expect(goBack(['Connect'])).toEqual({ close: true })
    expect(goBack(['Account'])).toEqual({ close: true })
  })
  test('behavior: closes the modal when the history contains UnsupportedChain', () => {
    expect(goBack(['UnsupportedChain', 'Connect'])).toEqual({ close: true })
    expect(goBack(['Connect', 'UnsupportedChain', 'AllWallets'])).toEqual({ close: true })
    expect(goBack(['Connect', 'UnsupportedChain'])).toEqual({ close: true })
  })
  test('behavior: three views go back one at a time', () => {
    const back = goBack(['Connect', 'AllWallets', 'ConnectingExternal'])
    expect(back).toEqual({ close: false, history: ['Connect', 'AllWallets'] })
  })
})

describe('isCloseDisabled', () => {
  test('behavior: disabled in SIWXSignMessage, ConnectingSiwe and ApproveTransaction when sign-in is required without a session', () => {
    for (const view of ['SIWXSignMessage', 'ConnectingSiwe', 'ApproveTransaction'] as const) {
      expect(isCloseDisabled(view, { required: true, hasSession: false })).toBe(true)
      expect(isCloseDisabled(view, { required: true, hasSession: true })).toBe(false)
      expect(isCloseDisabled(view, { required: false, hasSession: false })).toBe(false)
    }
  })
  test('behavior: never disabled in other views', () => {
    for (const view of VIEWS.filter(
      (v) => v !== 'SIWXSignMessage' && v !== 'ConnectingSiwe' && v !== 'ApproveTransaction',
    )) {
      expect(isCloseDisabled(view, { required: true, hasSession: false })).toBe(false)
    }
  })
})

test('isView', () => {
  expect(isView('Connect')).toBe(true)
  expect(isView('connect')).toBe(false)
  expect(isView(undefined)).toBe(false)
})

test('VIEWS: the spec views (SPEC §2), the frame prompt, plus the placeholders', () => {
  expect(VIEWS).toMatchInlineSnapshot(`
    [
      "Connect",
      "ConnectingSiwe",
      "ConnectingFarcaster",
      "ConnectingExternal",
      "ConnectingWalletConnect",
      "UnsupportedChain",
      "Account",
      "SIWXSignMessage",
      "ApproveTransaction",
      "RegisterAccountName",
      "RegisterAccountNameSuccess",
      "EmailVerifyOtp",
      "EmailVerifyDevice",
      "UpdateEmail",
      "UpdateEmailPrimaryOtp",
      "UpdateEmailSecondaryOtp",
      "FramePrompt",
      "Networks",
      "Send",
      "Receive",
      "Swap",
      "Buy",
      "ConnectingSocial",
      "AllWallets",
    ]
  `)
})
