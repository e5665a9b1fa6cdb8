import { describe, expect, test } from 'vitest'
import { ConfigError } from './errors.ts'
import { resolveWalletOptions } from './walletOptions.ts'

const METAMASK = 'f66d0f6bdabdcfed8ca7bbed6b61e6a1a50cab4c9d7bdba8e5d0d2d1c1f5b31e'
const TRUST = '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369'

function errorOf(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('no ConfigError')
}

describe('resolveWalletOptions', () => {
  test('default: no options, no featured, included, excluded or custom wallets', () => {
    expect(resolveWalletOptions({})).toEqual({ featured: [], include: [], exclude: [], custom: [] })
  })

  test('parameters: ids kept in order, once; a custom wallet gets null links where it gives none', () => {
    const options = resolveWalletOptions({
      featuredWalletIds: [TRUST, METAMASK, TRUST],
      excludeWalletIds: [METAMASK],
      customWallets: [
        { id: 'acme', name: 'Acme Wallet', mobileLink: 'acme://', imageUrl: 'https://acme.example/i.png' },
      ],
    })
    expect(options.featured).toEqual([TRUST, METAMASK])
    expect(options.exclude).toEqual([METAMASK])
    expect(options.custom).toEqual([
      {
        id: 'acme',
        name: 'Acme Wallet',
        imageUrl: 'https://acme.example/i.png',
        mobileLink: 'acme://',
        desktopLink: null,
        webappLink: null,
      },
    ])
  })

  test('error: malformed ids name the option', () => {
    expect(errorOf(() => resolveWalletOptions({ featuredWalletIds: ['metamask'] })).option).toBe(
      'featuredWalletIds',
    )
    expect(errorOf(() => resolveWalletOptions({ includeWalletIds: 'abc' as never })).option).toBe(
      'includeWalletIds',
    )
    expect(
      errorOf(() => resolveWalletOptions({ excludeWalletIds: [METAMASK.toUpperCase()] })).message,
    ).toContain('64 lowercase hex digits')
  })

  test('error: a custom wallet without a unique id or a name, or with a script link, is refused', () => {
    const acme = { id: 'acme', name: 'Acme' }
    expect(errorOf(() => resolveWalletOptions({ customWallets: [acme, acme] })).option).toBe(
      'customWallets[1].id',
    )
    expect(
      errorOf(() => resolveWalletOptions({ customWallets: [{ id: 'x', name: ' ' }] })).message,
    ).toContain('name')
    // A `javascript:` deep link would run in the dApp's page when pressed.
    const script = errorOf(() =>
      resolveWalletOptions({ customWallets: [{ ...acme, mobileLink: 'javascript:alert(1)' }] }),
    )
    expect(script.option).toBe('customWallets[0].mobileLink')
    expect(script.message).toContain('must be a link with a scheme')
    expect(() =>
      resolveWalletOptions({ customWallets: [{ ...acme, webappLink: 'https://acme.example/' }] }),
    ).not.toThrow()
    expect(
      errorOf(() => resolveWalletOptions({ customWallets: [{ ...acme, imageUrl: 'javascript:x' }] })).message,
    ).toContain('imageUrl')
  })
})
