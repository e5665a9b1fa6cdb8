import { EmailCooldownError } from '@keyframe/protocol/core'
import { describe, expect, test } from 'vitest'
import {
  assertEmailCooldown,
  createMemoryStorage,
  defaultStorage,
  emailCooldownSeconds,
  LOGIN_CACHE_KEYS,
  type LoginCacheStorage,
  markSiteDisconnected,
  readLoginCache,
  recordEmailSent,
  saveLogin,
  saveSmartAccountEnabledNetworks,
  wipeLogin,
} from './loginCache.ts'

const now = 1_700_000_000_000

/** Every key the cache wrote, as stored. */
function dump(storage: LoginCacheStorage) {
  return Object.fromEntries(
    Object.values(LOGIN_CACHE_KEYS).flatMap((key) => {
      const value = storage.getItem(key)
      return value === null ? [] : [[key, value]]
    }),
  )
}

function filled() {
  const storage = createMemoryStorage()
  saveLogin(storage, { email: 'ada@example.com', chainId: 'eip155:1' })
  storage.setItem(LOGIN_CACHE_KEYS.socialUsername, 'ada')
  saveSmartAccountEnabledNetworks(storage, [1, 8453])
  recordEmailSent(storage, now)
  return storage
}

describe('readLoginCache', () => {
  test('default: empty', () => {
    expect(readLoginCache(createMemoryStorage())).toEqual({
      emailLoginUsed: false,
      email: undefined,
      socialUsername: undefined,
      lastEmailLoginTime: undefined,
      lastUsedChainId: undefined,
      smartAccountEnabledNetworks: [],
      siteDisconnected: false,
    })
  })

  test('behavior: keys live under @keyframe/', () => {
    expect(dump(filled())).toMatchInlineSnapshot(`
      {
        "@keyframe/email": "ada@example.com",
        "@keyframe/email_login_used": "true",
        "@keyframe/last_email_login_time": "1700000000000",
        "@keyframe/last_used_chain_id": "eip155:1",
        "@keyframe/smart_account_enabled_networks": "[1,8453]",
        "@keyframe/social_username": "ada",
      }
    `)
    expect(readLoginCache(filled())).toEqual({
      emailLoginUsed: true,
      email: 'ada@example.com',
      socialUsername: 'ada',
      lastEmailLoginTime: now,
      lastUsedChainId: 'eip155:1',
      smartAccountEnabledNetworks: [1, 8453],
      siteDisconnected: false,
    })
  })

  test('behavior: unreadable values read as absent', () => {
    const storage = createMemoryStorage()
    storage.setItem(LOGIN_CACHE_KEYS.emailLoginUsed, 'yes')
    storage.setItem(LOGIN_CACHE_KEYS.lastEmailLoginTime, 'soon')
    storage.setItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks, '{not json')
    expect(readLoginCache(storage)).toMatchObject({
      emailLoginUsed: false,
      lastEmailLoginTime: undefined,
      smartAccountEnabledNetworks: [],
    })
    storage.setItem(LOGIN_CACHE_KEYS.smartAccountEnabledNetworks, '[1,"2",-3,4.5,10]')
    expect(readLoginCache(storage).smartAccountEnabledNetworks).toEqual([1, 10])
  })
})

describe('saveLogin (SPEC §4: a successful connect or e-mail update)', () => {
  test('default: saves the e-mail, sets the flag, clears the last e-mail time', () => {
    const storage = createMemoryStorage()
    recordEmailSent(storage, now)
    saveLogin(storage, { email: 'ada@example.com' })
    expect(readLoginCache(storage)).toMatchObject({
      emailLoginUsed: true,
      email: 'ada@example.com',
      lastEmailLoginTime: undefined,
    })
  })

  test('behavior: an e-mail update replaces the e-mail', () => {
    const storage = filled()
    saveLogin(storage, { email: 'ada@new.example' })
    expect(readLoginCache(storage)).toMatchObject({ email: 'ada@new.example', lastUsedChainId: 'eip155:1' })
  })
})

describe('markSiteDisconnected (a disconnect of this site that keeps the login)', () => {
  test('default: marks the site, keeps the login; the next connect clears the mark', () => {
    const storage = filled()
    markSiteDisconnected(storage)
    expect(readLoginCache(storage)).toMatchObject({
      emailLoginUsed: true,
      email: 'ada@example.com',
      siteDisconnected: true,
    })
    saveLogin(storage, { email: 'ada@example.com' })
    expect(readLoginCache(storage).siteDisconnected).toBe(false)
  })
})

describe('wipeLogin (the frame says the session is gone, or a sign-out)', () => {
  test('default: wipes the flag, the e-mail, the last chain, the social username and the site mark', () => {
    const storage = filled()
    markSiteDisconnected(storage)
    wipeLogin(storage)
    expect(dump(storage)).toEqual({
      '@keyframe/last_email_login_time': String(now),
      '@keyframe/smart_account_enabled_networks': '[1,8453]',
    })
  })
})

describe('cooldown (SPEC §5)', () => {
  test('default: no code sent yet → allowed', () => {
    const storage = createMemoryStorage()
    expect(emailCooldownSeconds(storage, now)).toBe(0)
    expect(() => assertEmailCooldown(storage, now)).not.toThrow()
  })

  test('error: under 30 s since the last code, in whole seconds rounded up', () => {
    const storage = createMemoryStorage()
    recordEmailSent(storage, now)
    expect(() => assertEmailCooldown(storage, now + 10_500)).toThrowErrorMatchingInlineSnapshot(
      `[EmailCooldownError: Please try again after 20 seconds]`,
    )
    expect(() => assertEmailCooldown(storage, now + 29_001)).toThrow('Please try again after 1 seconds')
    expect(() => assertEmailCooldown(storage, now)).toThrow('Please try again after 30 seconds')
    let caught: unknown
    try {
      assertEmailCooldown(storage, now + 1)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(EmailCooldownError)
    expect(caught).toMatchObject({ code: -32043, data: { seconds: 30 } })
  })

  test('behavior: allowed again from 30 s on; a sign-out keeps the cooldown', () => {
    const storage = createMemoryStorage()
    recordEmailSent(storage, now)
    wipeLogin(storage)
    expect(emailCooldownSeconds(storage, now + 29_999)).toBe(1)
    expect(emailCooldownSeconds(storage, now + 30_000)).toBe(0)
  })

  test('behavior: a successful login ends the cooldown', () => {
    const storage = createMemoryStorage()
    recordEmailSent(storage, now)
    saveLogin(storage, { email: 'ada@example.com' })
    expect(emailCooldownSeconds(storage, now + 1)).toBe(0)
  })
})

describe('storage', () => {
  test('default: no localStorage on the server', () => {
    expect(typeof window).toBe('undefined')
    expect(defaultStorage()).toBeUndefined()
  })

  test('behavior: a storage that throws loses the cache, never the caller', () => {
    const broken: LoginCacheStorage = {
      getItem() {
        throw new Error('SecurityError')
      },
      setItem() {
        throw new Error('QuotaExceededError')
      },
      removeItem() {
        throw new Error('SecurityError')
      },
    }
    expect(() => {
      saveLogin(broken, { email: 'ada@example.com' })
      recordEmailSent(broken, now)
      wipeLogin(broken)
    }).not.toThrow()
    expect(readLoginCache(broken).emailLoginUsed).toBe(false)
    expect(emailCooldownSeconds(broken, now)).toBe(0)
  })
})
