/** How each provider's answer names the account, for shapes the stand-in does not produce (Apple's string claim). */
import { describe, expect, test } from 'vitest'
import { accountOfClaims, PROVIDERS } from './providers.ts'

describe('accountOfClaims', () => {
  test('behavior: Apple says email_verified as a string; only "true" (or true) is verified', () => {
    const claims = { sub: '001.abc', email: 'ada@privaterelay.appleid.com' }
    expect(accountOfClaims({ ...claims, email_verified: 'true' }).emailVerified).toBe(true)
    expect(accountOfClaims({ ...claims, email_verified: true }).emailVerified).toBe(true)
    expect(accountOfClaims({ ...claims, email_verified: 'false' }).emailVerified).toBe(false)
    expect(accountOfClaims(claims).emailVerified).toBe(false)
  })

  test('error: an id_token without a subject is no account', () => {
    expect(() => accountOfClaims({ email: 'ada@example.com', email_verified: true })).toThrow()
  })
})

describe('user APIs', () => {
  const reader = (answers: Record<string, unknown>) => async (url: URL) => answers[url.pathname]

  test('behavior: GitHub — the primary address and its verified flag, not another verified one', async () => {
    const account = await PROVIDERS.github.account?.(
      reader({
        '/user': { id: 42, login: 'ada' },
        '/user/emails': [
          { email: 'other@example.com', verified: true, primary: false },
          { email: 'ada@example.com', verified: false, primary: true },
        ],
      }),
      'https://api.github.com',
    )
    expect(account).toEqual({
      subject: '42',
      username: 'ada',
      email: 'ada@example.com',
      emailVerified: false,
    })
  })

  test('behavior: Discord — an address without verified is not verified', async () => {
    const account = await PROVIDERS.discord.account?.(
      reader({ '/api/users/@me': { id: '7', username: 'ada', email: 'ada@example.com' } }),
      'https://discord.com/api',
    )
    expect(account?.emailVerified).toBe(false)
  })
})
