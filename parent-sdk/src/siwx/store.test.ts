// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest'
import { createSessionStore, SESSIONS_KEY } from './store.ts'
import type { SiwxSession } from './types.ts'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function session(
  address: string,
  chainId: `${string}:${string}`,
  expiresInMs: number | null = 60_000,
): SiwxSession {
  const now = Date.now()
  return {
    data: {
      accountAddress: address,
      chainId,
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      version: '1',
      nonce: 'n0nce1234567',
      issuedAt: new Date(now).toISOString(),
      ...(expiresInMs === null ? {} : { expirationTime: new Date(now + expiresInMs).toISOString() }),
    },
    message: `signed by ${address} on ${chainId}`,
    signature: '0x1234',
  }
}

afterEach(() => localStorage.clear())

test('default: sessions survive a reload (a new store over the same localStorage), one per chain and address', () => {
  const before = createSessionStore()
  before.add(session(ALICE, 'eip155:1'))
  before.add(session(ALICE, 'eip155:10'))
  before.add(session(BOB, 'eip155:1'))
  const replaced = { ...session(ALICE, 'eip155:1'), message: 'a newer sign-in' }
  before.add(replaced)

  const reloaded = createSessionStore()
  expect(reloaded.get('eip155:1', ALICE)).toEqual(replaced)
  // Addresses compare without their checksum case.
  expect(reloaded.get('eip155:1', ALICE.toLowerCase())?.message).toBe('a newer sign-in')
  expect(reloaded.get('eip155:10', ALICE)?.data.chainId).toBe('eip155:10')
  expect(reloaded.get('eip155:137', ALICE)).toBeUndefined()
  expect(JSON.parse(localStorage.getItem(SESSIONS_KEY) ?? '[]')).toHaveLength(3)

  reloaded.remove('eip155:1', ALICE)
  expect(createSessionStore().get('eip155:1', ALICE)).toBeUndefined()
  expect(createSessionStore().get('eip155:1', BOB)).toBeDefined()
  reloaded.set([])
  expect(localStorage.getItem(SESSIONS_KEY)).toBeNull()
})

test('behavior: an expired session is not given back, and one without expirationTime lives until removed', () => {
  const store = createSessionStore()
  store.add(session(ALICE, 'eip155:1', -1))
  store.add(session(BOB, 'eip155:1', null))
  expect(store.get('eip155:1', ALICE)).toBeUndefined()
  expect(store.get('eip155:1', BOB)).toBeDefined()
})

test('behavior: bad JSON or a malformed entry in localStorage is dropped, never thrown', () => {
  localStorage.setItem(SESSIONS_KEY, '{not json')
  expect(createSessionStore().get('eip155:1', ALICE)).toBeUndefined()
  localStorage.setItem(SESSIONS_KEY, JSON.stringify({ sessions: [] }))
  expect(createSessionStore().get('eip155:1', ALICE)).toBeUndefined()

  const good = session(BOB, 'eip155:1')
  const noSignature = { ...session(ALICE, 'eip155:1'), signature: 'not hex' }
  const badDate = session(ALICE, 'eip155:10')
  localStorage.setItem(
    SESSIONS_KEY,
    JSON.stringify([
      noSignature,
      { ...badDate, data: { ...badDate.data, expirationTime: 'never' } },
      42,
      null,
      good,
    ]),
  )
  const store = createSessionStore()
  expect(store.get('eip155:1', ALICE)).toBeUndefined()
  expect(store.get('eip155:10', ALICE)).toBeUndefined()
  expect(store.get('eip155:1', BOB)).toEqual(good)
  // Control: the same entry with its signature as hex is read back.
  localStorage.setItem(SESSIONS_KEY, JSON.stringify([{ ...noSignature, signature: '0xabcd' }]))
  expect(createSessionStore().get('eip155:1', ALICE)?.signature).toBe('0xabcd')
})

/** What is changed in a stored session (`data` as an object: merged into its fields), named. */
type Change = readonly [name: string, change: { readonly data?: unknown; readonly [key: string]: unknown }]

const MALFORMED: readonly Change[] = [
  ['the message not a string', { message: 7 }],
  ['no signature', { signature: undefined }],
  ['a signature not 0x hex', { signature: 'abcd' }],
  ['data not an object', { data: 'eip155:1' }],
  ['data an array', { data: [] }],
  ...['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'issuedAt'].flatMap(
    (field): Change[] => [
      [`no ${field}`, { data: { [field]: undefined } }],
      [`${field} a number`, { data: { [field]: 1 } }],
    ],
  ),
  ['a chainId without a namespace', { data: { chainId: 'eip155' } }],
  ['version 2', { data: { version: '2' } }],
  ...['expirationTime', 'notBefore', 'requestId', 'statement'].flatMap((field): Change[] => [
    [`${field} null`, { data: { [field]: null } }],
    [`${field} an object`, { data: { [field]: {} } }],
  ]),
  ['resources not an array', { data: { resources: 'https://app.example.com' } }],
  ['a resource not a string', { data: { resources: ['https://app.example.com', 3] } }],
]

test.each(MALFORMED)('behavior: a stored session with %s is dropped, the others kept', (_, change) => {
  const good = session(BOB, 'eip155:1')
  const full = {
    ...session(ALICE, 'eip155:1'),
    data: {
      ...session(ALICE, 'eip155:1').data,
      requestId: 'r1',
      statement: 'Hi.',
      resources: ['https://a.example'],
    },
  }
  const { data: dataChange, ...top } = change
  const bad = {
    ...full,
    ...top,
    data: isRecordChange(dataChange) ? { ...full.data, ...dataChange } : (dataChange ?? full.data),
  }
  localStorage.setItem(SESSIONS_KEY, JSON.stringify([bad, good]))
  const store = createSessionStore()
  expect(store.get('eip155:1', ALICE)).toBeUndefined()
  expect(store.get('eip155:1', BOB)).toEqual(good)
  // Control: the same entry unchanged is read back, every field.
  localStorage.setItem(SESSIONS_KEY, JSON.stringify([full, good]))
  expect(createSessionStore().get('eip155:1', ALICE)).toEqual(full)
})

test('behavior: fields a session does not have are not read back', () => {
  const stored = session(ALICE, 'eip155:1')
  localStorage.setItem(
    SESSIONS_KEY,
    JSON.stringify([{ ...stored, extra: 1, data: { ...stored.data, toString: 'not a function' } }]),
  )
  const read = createSessionStore().get('eip155:1', ALICE)
  expect(read).toEqual(stored)
  expect(Object.keys(read!)).not.toContain('extra')
  expect(String(read!.data)).toBe('[object Object]')
})

function isRecordChange(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

test('parameters: storage null keeps sessions in memory, out of localStorage', () => {
  const store = createSessionStore(null)
  store.add(session(ALICE, 'eip155:1'))
  expect(store.get('eip155:1', ALICE)).toBeDefined()
  expect(localStorage.getItem(SESSIONS_KEY)).toBeNull()
  expect(createSessionStore(null).get('eip155:1', ALICE)).toBeUndefined()
})

test('behavior: a storage that refuses writes (full, blocked) keeps the session in memory for this page', () => {
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    },
    removeItem: () => {},
  }
  const store = createSessionStore(refusing)
  store.add(session(ALICE, 'eip155:1'))
  expect(store.get('eip155:1', ALICE)).toBeDefined()
})
