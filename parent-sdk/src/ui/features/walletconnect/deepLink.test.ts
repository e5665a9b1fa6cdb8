import { describe, expect, test } from 'vitest'
import { deepLink, walletLinks } from './deepLink.ts'

// A pairing URI as WalletConnect 2 writes it: every character wallets need encoded (`:`, `@`, `?`, `&`, `=`).
const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1764233000'
const encoded = encodeURIComponent(uri)

describe('deepLink', () => {
  test('default: a native scheme gets wc?uri= right after it', () => {
    expect(deepLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(encoded).not.toMatch(/[:@?&=]/)
    expect(
      new URL(deepLink('rainbow://', uri)!.replace('rainbow://', 'https://x/')).searchParams.get('uri'),
    ).toBe(uri)
  })

  test('parameters: a native scheme with a host or path gets one / before wc', () => {
    expect(deepLink('okex://main', uri)).toBe(`okex://main/wc?uri=${encoded}`)
    expect(deepLink('bnc://app.binance.com/cedefi/', uri)).toBe(
      `bnc://app.binance.com/cedefi/wc?uri=${encoded}`,
    )
    expect(deepLink('ledgerlive:///', uri)).toBe(`ledgerlive://wc?uri=${encoded}`)
  })

  test('parameters: a universal link, with or without trailing slashes', () => {
    expect(deepLink('https://link.trustwallet.com', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
    expect(deepLink('https://link.trustwallet.com/', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
    expect(deepLink('https://metamask.app.link//', uri)).toBe(`https://metamask.app.link/wc?uri=${encoded}`)
    expect(deepLink('https://x.example/app/', uri)).toBe(`https://x.example/app/wc?uri=${encoded}`)
  })

  test('error: links that would run script in the page, clear-text web links and non-links give none', () => {
    for (const link of [
      'javascript://%0Aalert(1)',
      'JavaScript://x',
      'data://text/html,<script>',
      'vbscript://x',
      'file:///etc/passwd',
      'http://wallet.example/',
      'https://',
      'metamask:',
      'metamask',
      '//wallet.example/',
      'foo://with space',
      '',
    ])
      expect(deepLink(link, uri), link).toBeUndefined()
  })

  test('behavior: http only on this machine (a wallet in development)', () => {
    expect(deepLink('http://127.0.0.1:5180/', uri)).toBe(`http://127.0.0.1:5180/wc?uri=${encoded}`)
    expect(deepLink('http://localhost:5180', uri)).toBe(`http://localhost:5180/wc?uri=${encoded}`)
  })
})

describe('walletLinks', () => {
  test('default: each published link with the URI; mobile and desktop in the tab, the web app in a new one', () => {
    expect(
      walletLinks(
        { mobileLink: 'zerion://', desktopLink: 'zerion://', webappLink: 'https://app.zerion.io' },
        uri,
      ),
    ).toEqual({
      mobile: { href: `zerion://wc?uri=${encoded}`, target: '_self' },
      desktop: { href: `zerion://wc?uri=${encoded}`, target: '_self' },
      webapp: { href: `https://app.zerion.io/wc?uri=${encoded}`, target: '_blank' },
    })
  })

  test('behavior: a wallet with no link, or only unusable ones, has none', () => {
    expect(walletLinks({ mobileLink: null, desktopLink: null, webappLink: null }, uri)).toEqual({})
    // A web app is a web page: a native scheme there is not one.
    expect(
      walletLinks({ mobileLink: 'javascript://x', desktopLink: null, webappLink: 'zerion://' }, uri),
    ).toEqual({})
  })
})
