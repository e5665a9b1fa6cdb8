// @vitest-environment jsdom

import { readRecap } from '@keyframe/protocol/recap'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterEach, expect, test, vi } from 'vitest'
import { createSiwx } from './createSiwx.ts'
import type { SiwxConfig, SiwxSession } from './types.ts'

const account = privateKeyToAccount(generatePrivateKey())
const input = { accountAddress: account.address, chainId: 'eip155:1' } as const

afterEach(() => {
  localStorage.clear()
  vi.useRealTimers()
})

/** What the flow does: the message, the wallet's personal_sign of its text, the session. */
async function signIn(siwx: SiwxConfig, signer = account): Promise<SiwxSession> {
  const message = await siwx.createMessage({ accountAddress: signer.address, chainId: input.chainId })
  const { toString: _, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: await signer.signMessage({ message: text }) }
}

test('default: a message for this page — its host, its origin, the backend nonce, valid one day', async () => {
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z'), toFake: ['Date'] })
  const getNonce = vi.fn(async () => 'n0nceFromBackend')
  const message = await createSiwx({ getNonce }).createMessage(input)

  expect(getNonce).toHaveBeenCalledWith(input)
  // EIP-4361 without a statement: two empty lines between the address and the URI.
  expect(message.toString()).toBe(
    `localhost:3000 wants you to sign in with your Ethereum account:
${account.address}


URI: http://localhost:3000
Version: 1
Chain ID: 1
Nonce: n0nceFromBackend
Issued At: 2026-11-27T12:00:00.000Z
Expiration Time: 2026-11-28T12:00:00.000Z`,
  )
  expect(message).toMatchObject({ domain: location.host, uri: location.origin, nonce: 'n0nceFromBackend' })
})

test('parameters: statement, expiresIn, notBefore, requestId, resources and capabilities (a ReCap)', async () => {
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z'), toFake: ['Date'] })
  const message = await createSiwx({
    getNonce: async () => 'n0nceFromBackend',
    statement: 'Sign in to the shop.',
    expiresIn: 15 * 60_000,
    notBefore: '2026-11-27T12:01:00Z',
    requestId: 'req-42',
    resources: ['https://shop.example/terms'],
    capabilities: { 'https://api.shop.example': { 'orders/read': [{}] } },
  }).createMessage(input)
  const parsed = parseSiweMessage(message.toString())
  expect(parsed.statement).toBe(
    "Sign in to the shop. I further authorize the stated URI to perform the following actions on my behalf: (1) 'orders': 'read' for 'https://api.shop.example'.",
  )
  expect(parsed.expirationTime?.toISOString()).toBe('2026-11-27T12:15:00.000Z')
  expect(parsed.notBefore?.toISOString()).toBe('2026-11-27T12:01:00.000Z')
  expect(parsed.requestId).toBe('req-42')
  expect(parsed.resources?.[0]).toBe('https://shop.example/terms')
  expect(readRecap(parsed)?.att).toEqual({ 'https://api.shop.example': { 'orders/read': [{}] } })

  await expect(
    createSiwx({ getNonce: async () => 'n0nceFromBackend', notBefore: 'tomorrow' }).createMessage(input),
  ).rejects.toThrow(`The sign-in message's notBefore "tomorrow" is not a date`)
  const forever = await createSiwx({
    getNonce: async () => 'n0nceFromBackend',
    expiresIn: null,
  }).createMessage(input)
  expect(forever.expirationTime).toBeUndefined()
  expect(forever.toString()).not.toContain('Expiration Time')
})

test('behavior: the signed session goes to the backend, is kept, and is there after a reload', async () => {
  const verified: SiwxSession[] = []
  const options = {
    getNonce: async () => 'n0nceFromBackend',
    verify: async (session: SiwxSession) => {
      verified.push(session)
    },
  }
  const siwx = createSiwx(options)
  const session = await signIn(siwx)
  await siwx.addSession(session)

  expect(verified).toEqual([session])
  expect(
    await verifyMessage({ address: account.address, message: session.message, signature: session.signature }),
  ).toBe(true)
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([session])
  // Reload: a new config over the same localStorage.
  expect(await createSiwx(options).getSessions('eip155:1', account.address.toLowerCase())).toEqual([session])
  // Another account, another chain: no session.
  expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
  expect(await siwx.getSessions('eip155:1', privateKeyToAccount(generatePrivateKey()).address)).toEqual([])
})

test('behavior: a session the backend refuses is not kept (its error is what the person reads)', async () => {
  const siwx = createSiwx({
    getNonce: async () => 'n0nceFromBackend',
    verify: async () => {
      throw new Error('The nonce is unknown or was already used')
    },
  })
  await expect(siwx.addSession(await signIn(siwx))).rejects.toThrow(
    'The nonce is unknown or was already used',
  )
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  // Control: without the refusal the same sign-in is kept.
  const accepting = createSiwx({ getNonce: async () => 'n0nceFromBackend', storage: null })
  await accepting.addSession(await signIn(accepting))
  expect(await accepting.getSessions('eip155:1', account.address)).toHaveLength(1)
})

test('behavior: a session past its expirationTime is not given back', async () => {
  const siwx = createSiwx({ getNonce: async () => 'n0nceFromBackend', expiresIn: 60_000 })
  await siwx.addSession(await signIn(siwx))
  expect(await siwx.getSessions('eip155:1', account.address)).toHaveLength(1)
  vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] })
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
})

test('behavior: revokeSession forgets the account and tells the backend; setSessions([]) forgets all', async () => {
  const revoke = vi.fn(async () => {})
  const siwx = createSiwx({ getNonce: async () => 'n0nceFromBackend', revoke })
  const other = privateKeyToAccount(generatePrivateKey())
  await siwx.addSession(await signIn(siwx))
  await siwx.addSession(await signIn(siwx, other))

  await siwx.revokeSession('eip155:1', account.address)
  expect(revoke).toHaveBeenCalledWith('eip155:1', account.address)
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  expect(await siwx.getSessions('eip155:1', other.address)).toHaveLength(1)
  await siwx.setSessions([])
  expect(await siwx.getSessions('eip155:1', other.address)).toEqual([])
})

test('parameters: getSessions from the dApp replaces the page store, expired and foreign ones filtered', async () => {
  const siwx0 = createSiwx({ getNonce: async () => 'n0nceFromBackend', storage: null })
  const live = await signIn(siwx0)
  const expired = { ...live, data: { ...live.data, expirationTime: new Date(Date.now() - 1).toISOString() } }
  const foreign = { ...live, data: { ...live.data, chainId: 'eip155:10' as const } }
  const siwx = createSiwx({
    getNonce: async () => 'n0nceFromBackend',
    getSessions: async () => [expired, foreign, live],
  })
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([live])
})

test('parameters: required and signOutOnDisconnect, with their defaults', () => {
  const getNonce = async () => 'n0nceFromBackend'
  expect(createSiwx({ getNonce }).getRequired?.()).toBe(false)
  expect(createSiwx({ getNonce }).signOutOnDisconnect).toBe(true)
  expect(createSiwx({ getNonce, required: true }).getRequired?.()).toBe(true)
  expect(createSiwx({ getNonce, signOutOnDisconnect: false }).signOutOnDisconnect).toBe(false)
})

test('error: a chain that is not eip155 never asks the backend for a nonce', async () => {
  const getNonce = vi.fn(async () => 'n0nceFromBackend')
  await expect(
    createSiwx({ getNonce }).createMessage({ ...input, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
  ).rejects.toThrow('Sign-in is for eip155 chains only')
  expect(getNonce).not.toHaveBeenCalled()
})
