/**
 * The login cache of SPEC §3, persisted in the dApp's storage (localStorage by default) under `@keyframe/`
 * keys, and its SPEC §4 transitions. Read before `open()` (the used flag decides whether the frame is
 * created eagerly), so it stays small and free of schema code. Nothing here touches `window` at import;
 * every storage call is guarded, because storage can be missing (server rendering) or throw (blocked
 * cookies, a full quota).
 * @module
 */

import { EmailCooldownError, emailCooldownRemaining } from '@keyframe/protocol/core'

/** Where the login cache lives: `localStorage`, `sessionStorage` or anything with the same three methods. */
export type LoginCacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The storage keys of the login cache (SPEC §3). */
export const LOGIN_CACHE_KEYS = {
  emailLoginUsed: '@keyframe/email_login_used',
  email: '@keyframe/email',
  socialUsername: '@keyframe/social_username',
  lastEmailLoginTime: '@keyframe/last_email_login_time',
  lastUsedChainId: '@keyframe/last_used_chain_id',
  smartAccountEnabledNetworks: '@keyframe/smart_account_enabled_networks',
  siteDisconnected: '@keyframe/site_disconnected',
} as const

/** What the login cache holds (SPEC §3). */
export type LoginCache = {
  /** Set once an e-mail login succeeded; on the next start the frame is created eagerly to restore it. */
  readonly emailLoginUsed: boolean
  readonly email: string | undefined
  readonly socialUsername: string | undefined
  /** When the last e-mail code was sent (ms since the epoch); the 30 s cooldown counts from here. */
  readonly lastEmailLoginTime: number | undefined
  /** CAIP-2 id of the chain last used. */
  readonly lastUsedChainId: string | undefined
  readonly smartAccountEnabledNetworks: readonly number[]
  /**
   * The dApp ended this site's connection (a disconnect) while the frame kept the person's login: the next
   * start restores nothing, and reconnecting asks nothing (`reconnect`).
   */
  readonly siteDisconnected: boolean
}

/** `localStorage` when the page can reach it; undefined on the server or when the browser blocks it. */
export function defaultStorage(): LoginCacheStorage | undefined {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage
    return storage ?? undefined
  } catch {
    // Reading `localStorage` throws a SecurityError when the browser blocks storage for the page.
    return undefined
  }
}

/** A storage that forgets on reload: used when there is no localStorage or the dApp passes `storage: null`. */
export function createMemoryStorage(): LoginCacheStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  }
}

function get(storage: LoginCacheStorage, key: string): string | undefined {
  try {
    return storage.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

function set(storage: LoginCacheStorage, key: string, value: string) {
  try {
    storage.setItem(key, value)
  } catch {
    // A full or blocked storage loses the cache; the session itself lives in the frame.
  }
}

function remove(storage: LoginCacheStorage, key: string) {
  try {
    storage.removeItem(key)
  } catch {}
}

function readNetworks(text: string | undefined): number[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value.filter((n): n is number => Number.isSafeInteger(n) && n > 0) : []
  } catch {
    return []
  }
}

/** Reads the whole login cache. Unreadable values read as absent. */
export function readLoginCache(storage: LoginCacheStorage): LoginCache {
  const time = Number(get(storage, LOGIN_CACHE_KEYS.lastEmailLoginTime) ?? Number.NaN)
  return {
    emailLoginUsed: get(storage, LOGIN_CACHE_KEYS.emailLoginUsed) === 'true',
    email: get(storage, LOGIN_CACHE_KEYS.email),
    socialUsername: get(storage, LOGIN_CACHE_KEYS.socialUsername),
    lastEmailLoginTime: Number.isFinite(time) ? time : undefined,
    lastUsedChainId: get(storage, LOGIN_CACHE_KEYS.lastUsedChainId),
    smartAccountEnabledNetworks: readNetworks(get(storage, LOGIN_CACHE_KEYS.smartAccountEnabledNetworks)),
    siteDisconnected: get(storage, LOGIN_CACHE_KEYS.siteDisconnected) === 'true',
  }
}

/** Saves `value` under `key`, or removes the key when there is no value. */
function put(storage: LoginCacheStorage, key: string, value: string | null | undefined) {
  if (value) set(storage, key, value)
  else remove(storage, key)
}

/**
 * SPEC §4, after a successful connect or e-mail update: saves the e-mail and the social username (a login
 * without one removes the saved one), sets the used flag and clears the last e-mail time. Also remembers
 * the chain the account is on, when given.
 */
export function saveLogin(
  storage: LoginCacheStorage,
  login: { email: string | null | undefined; socialUsername?: string | null | undefined; chainId?: string },
) {
  put(storage, LOGIN_CACHE_KEYS.email, login.email)
  put(storage, LOGIN_CACHE_KEYS.socialUsername, login.socialUsername)
  set(storage, LOGIN_CACHE_KEYS.emailLoginUsed, 'true')
  remove(storage, LOGIN_CACHE_KEYS.lastEmailLoginTime)
  remove(storage, LOGIN_CACHE_KEYS.siteDisconnected)
  if (login.chainId) set(storage, LOGIN_CACHE_KEYS.lastUsedChainId, login.chainId)
}

/** A disconnect of this site that keeps the login (the frame still holds the session): no restore on start. */
export function markSiteDisconnected(storage: LoginCacheStorage) {
  set(storage, LOGIN_CACHE_KEYS.siteDisconnected, 'true')
}

/**
 * When the frame says its session is gone (a negative connection check) or on a sign-out: wipes the used
 * flag, the e-mail, the last chain and the social username. A check that merely failed, or a disconnect of
 * the site, wipes nothing (issue 13, over SPEC §4's wording). The last e-mail time stays, so the cooldown
 * survives a sign-out.
 */
export function wipeLogin(storage: LoginCacheStorage) {
  remove(storage, LOGIN_CACHE_KEYS.siteDisconnected)
  remove(storage, LOGIN_CACHE_KEYS.emailLoginUsed)
  remove(storage, LOGIN_CACHE_KEYS.email)
  remove(storage, LOGIN_CACHE_KEYS.lastUsedChainId)
  remove(storage, LOGIN_CACHE_KEYS.socialUsername)
}

/** SPEC §4: sending an e-mail code records the time; the 30 s cooldown counts from it. */
export function recordEmailSent(storage: LoginCacheStorage, nowMs: number) {
  set(storage, LOGIN_CACHE_KEYS.lastEmailLoginTime, String(nowMs))
}

/** Seconds, rounded up, before another e-mail login may be triggered (SPEC §5); 0 when it may. */
export function emailCooldownSeconds(storage: LoginCacheStorage, nowMs: number): number {
  return emailCooldownRemaining(readLoginCache(storage).lastEmailLoginTime, nowMs)
}

/**
 * Refuses an e-mail login inside the cooldown.
 * @throws {EmailCooldownError} 'Please try again after {n} seconds' (seconds rounded up).
 */
export function assertEmailCooldown(storage: LoginCacheStorage, nowMs: number) {
  const seconds = emailCooldownSeconds(storage, nowMs)
  if (seconds > 0) throw new EmailCooldownError(seconds)
}

/** Remembers the networks on which the account is a smart account (SPEC §3). */
export function saveSmartAccountEnabledNetworks(storage: LoginCacheStorage, networks: readonly number[]) {
  set(storage, LOGIN_CACHE_KEYS.smartAccountEnabledNetworks, JSON.stringify(networks))
}
