// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest'
import type { SignInDetails } from './details.ts'
import {
  ask,
  BASE,
  button,
  headings,
  installApprovalBrowser,
  press,
  rows,
  title,
  visible,
} from './testApprovals.ts'

installApprovalBrowser()

const TEXT = [
  '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
  BASE.account,
  '',
  'Sign in to the demo.',
  '',
  'URI: http://127.0.0.1:5173',
  '…',
].join('\n')

const SIGN_IN: typeof BASE & { method: string } & SignInDetails = {
  ...BASE,
  method: 'personal_sign',
  kind: 'signIn',
  domain: '127.0.0.1:5173',
  statement: 'Sign in to the demo.',
  uri: 'http://127.0.0.1:5173',
  version: '1',
  chainId: 31337,
  nonce: 'a1b2c3d4e5f6a7b8',
  issuedAt: '2026-11-27T14:59:00.000Z',
  expirationTime: '2026-11-28T14:59:00.000Z',
  resources: [
    { uri: 'https://docs.example/terms' },
    {
      uri: 'urn:recap:eyJhdHQiOnt9fQ',
      recap:
        "I further authorize the stated URI to perform the following actions on my behalf: (1) 'tx': 'send' for 'https://api.example'.",
    },
  ],
  validity: 'valid',
  text: TEXT,
}

describe('the sign-in screen', () => {
  test("default: 'Sign in to {domain}', the domain checked against the site asking, the message's fields, the full text behind a disclosure", () => {
    ask(SIGN_IN)
    expect(title()).toBe('Sign in to 127.0.0.1:5173')
    const check = document.querySelector('.kfa-check')
    expect(check?.textContent).toBe('✓127.0.0.1:5173 matches the site asking')
    // The mark is for the eye; the words say it.
    expect(check?.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓')
    expect(document.querySelector('.kfa-statement')?.textContent).toBe('Sign in to the demo.')
    expect(rows()).toEqual([
      ['Site', 'http://127.0.0.1:5173'],
      ['Network', 'Keyframe Local (31337)'],
      ['Account', BASE.account],
      ['URI', 'http://127.0.0.1:5173'],
      ['Chain ID', '31337'],
      ['Nonce', 'a1b2c3d4e5f6a7b8'],
      ['Issued', '2026-11-27 14:59:00 UTC'],
      ['Expires', '2026-11-28 14:59:00 UTC'],
    ])
    expect(headings()).toEqual(['Resources'])
    expect([...document.querySelectorAll('.kfa-resources li')].map((li) => li.textContent)).toEqual([
      'https://docs.example/terms',
      SIGN_IN.resources[1]?.recap,
    ])
    const full = document.querySelector('details')
    expect(full?.open).toBe(false)
    expect(full?.querySelector('summary')?.textContent).toBe('Full message')
    expect(full?.querySelector('pre')?.textContent).toBe(TEXT)
    expect(document.querySelector('.kfa-warn')).toBeNull()
  })

  test('behavior: an expired message warns in the warning colour', () => {
    ask({ ...SIGN_IN, validity: 'expired' })
    expect(document.querySelector('.kfa-warn')?.textContent).toBe(
      'This message expired at 2026-11-28 14:59:00 UTC: the site will refuse it.',
    )
  })

  test('behavior: one not valid yet warns too, with its Not before', () => {
    ask({ ...SIGN_IN, validity: 'notYetValid', notBefore: '2026-11-27T16:00:00.000Z' })
    expect(document.querySelector('.kfa-warn')?.textContent).toBe(
      'This message is valid only from 2026-11-27 16:00:00 UTC.',
    )
    expect(rows()).toContainEqual(['Not before', '2026-11-27 16:00:00 UTC'])
  })

  test('behavior: no expiry reads Never; a request ID is listed', () => {
    const { expirationTime: _, ...noExpiry } = SIGN_IN
    ask({ ...noExpiry, requestId: 'req-7', resources: [] })
    expect(rows()).toContainEqual(['Expires', 'Never'])
    expect(rows()).toContainEqual(['Request ID', 'req-7'])
    expect(headings()).toEqual([])
  })

  test('behavior: what the dApp wrote is text, never markup', () => {
    ask({ ...SIGN_IN, statement: '<img src=x onerror="alert(1)">', text: '<b>bold</b>' })
    expect(document.querySelector('img, b')).toBeNull()
    expect(document.querySelector('.kfa-statement')?.textContent).toBe('<img src=x onerror="alert(1)">')
  })

  test('behavior: Tab goes details → Full message → Reject → Approve and wraps; the disclosure opens by keyboard', async () => {
    vi.useFakeTimers()
    await visible(SIGN_IN)
    const details = document.querySelector<HTMLElement>('.kfa-body')!
    const summary = document.querySelector<HTMLElement>('summary')!
    expect(document.activeElement).toBe(details)
    // The browser's own Tab moves on inside the cycle (not prevented), the disclosure included.
    summary.focus()
    expect(press('Tab')).toBe(false)
    button('Approve').focus()
    expect(press('Tab')).toBe(true)
    expect(document.activeElement).toBe(details)
    summary.focus()
    expect(press('Tab', true)).toBe(false)
    summary.click()
    expect(document.querySelector('details')?.open).toBe(true)
  })
})
