// @vitest-environment jsdom
import { type Address, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from 'viem/siwe'
import { afterEach, expect, test, vi } from 'vitest'
import { fromSiweConfig } from './fromSiweConfig.ts'
import type { SiweConfig, SiweCreateMessageArgs, SiwxConfig, SiwxSession } from './types.ts'

const account = privateKeyToAccount(generatePrivateKey())
const input = { accountAddress: account.address, chainId: 'eip155:1' } as const

afterEach(() => localStorage.clear())

/** An AppKit dApp's siweConfig over a backend kept in this test: nonces, a verdict, one session. */
function appKitDapp(overrides: Partial<SiweConfig> = {}) {
  const nonces = new Set<string>()
  let session: { address: string; chainId: number } | null = null
  const created: SiweCreateMessageArgs[] = []
  const config: SiweConfig = {
    getNonce: vi.fn(async () => {
      const nonce = generateSiweNonce()
      nonces.add(nonce)
      return nonce
    }),
    // AppKit's formatMessage of the args: the did:pkh address holds the account.
    createMessage: (args) => {
      created.push(args)
      return createSiweMessage({
        address: args.address.split(':')[4] as Address,
        chainId: args.chainId,
        domain: args.domain,
        uri: args.uri,
        version: args.version,
        nonce: args.nonce,
        issuedAt: args.iat ? new Date(args.iat) : undefined,
        expirationTime: args.exp ? new Date(args.exp) : undefined,
        statement: args.statement,
      })
    },
    verifyMessage: async ({ message, signature }) => {
      const fields = parseSiweMessage(message)
      if (!fields.address || !fields.nonce || !nonces.delete(fields.nonce)) return false
      const ok = await verifyMessage({
        address: fields.address,
        message,
        signature: signature as `0x${string}`,
      })
      if (ok) session = { address: fields.address, chainId: fields.chainId ?? 0 }
      return ok
    },
    getSession: async () => session,
    signOut: vi.fn(async () => {
      session = null
      return true
    }),
    onSignIn: vi.fn(),
    onSignOut: vi.fn(),
    ...overrides,
  }
  return { config, created, nonces }
}

async function signIn(siwx: SiwxConfig): Promise<SiwxSession> {
  const message = await siwx.createMessage(input)
  const { toString: _, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: await account.signMessage({ message: text }) }
}

test('default: the dApp writes the text from AppKit args (did:pkh address), its backend keeps the sign-in', async () => {
  const dapp = appKitDapp({
    getMessageParams: async () => ({ statement: 'Sign in to the shop.', expiry: 3600 }),
  })
  const siwx = fromSiweConfig(dapp.config)
  const session = await signIn(siwx)

  expect(dapp.config.getNonce).toHaveBeenCalledWith(account.address)
  expect(dapp.created[0]).toMatchObject({
    address: `did:pkh:eip155:1:${account.address}`,
    chainId: 1,
    domain: 'localhost:3000',
    uri: 'http://localhost:3000',
    version: '1',
    statement: 'Sign in to the shop.',
  })
  const created = dapp.created[0]!
  expect(Date.parse(created.exp!) - Date.parse(created.iat!)).toBe(3_600_000)
  expect(session.data).toMatchObject({ statement: 'Sign in to the shop.', expirationTime: created.exp })

  await siwx.addSession(session)
  expect(dapp.config.onSignIn).toHaveBeenCalledWith({ address: account.address, chainId: 1 })
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([session])
  expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
})

test('behavior: verifyMessage false refuses the sign-in — not kept, no onSignIn', async () => {
  const dapp = appKitDapp()
  const siwx = fromSiweConfig(dapp.config)
  const session = await signIn(siwx)
  dapp.nonces.clear() // the backend no longer knows the nonce (used, or expired)
  await expect(siwx.addSession(session)).rejects.toThrow('The server did not accept the signed message')
  expect(dapp.config.onSignIn).not.toHaveBeenCalled()
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  // Control: a fresh sign-in, nonce known, is kept.
  const fresh = await signIn(siwx)
  await siwx.addSession(fresh)
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([fresh])
})

test('behavior: the backend decides who is signed in — its session, or none when it says none or fails', async () => {
  const dapp = appKitDapp()
  const siwx = fromSiweConfig(dapp.config)
  await siwx.addSession(await signIn(siwx))
  // Signed out on the server (another tab, the cookie expired): the page's copy does not count.
  await dapp.config.signOut()
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])

  const failing = fromSiweConfig(
    appKitDapp({
      getSession: async () => {
        throw new Error('503')
      },
    }).config,
  )
  expect(await failing.getSessions('eip155:1', account.address)).toEqual([])

  // Signed in on the server without this page's text: AppKit's session of an empty message.
  localStorage.clear()
  const elsewhere = fromSiweConfig(
    appKitDapp({ getSession: async () => ({ address: account.address.toLowerCase(), chainId: 1 }) }).config,
  )
  expect(await elsewhere.getSessions('eip155:1', account.address)).toMatchObject([
    {
      data: { accountAddress: account.address.toLowerCase(), chainId: 'eip155:1' },
      message: '',
      signature: '0x',
    },
  ])
})

test('behavior: revokeSession and setSessions([]) sign out on the backend and call onSignOut', async () => {
  const dapp = appKitDapp()
  const siwx = fromSiweConfig(dapp.config)
  await siwx.addSession(await signIn(siwx))
  await siwx.revokeSession('eip155:1', account.address)
  expect(dapp.config.signOut).toHaveBeenCalledOnce()
  expect(dapp.config.onSignOut).toHaveBeenCalledOnce()
  expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  await siwx.setSessions([])
  expect(dapp.config.signOut).toHaveBeenCalledTimes(2)
})

test('parameters: required and signOutOnDisconnect as the siweConfig says (defaults false, true)', () => {
  expect(fromSiweConfig(appKitDapp().config).getRequired?.()).toBe(false)
  expect(fromSiweConfig(appKitDapp().config).signOutOnDisconnect).toBe(true)
  expect(fromSiweConfig(appKitDapp({ required: true }).config).getRequired?.()).toBe(true)
  expect(fromSiweConfig(appKitDapp({ signOutOnDisconnect: false }).config).signOutOnDisconnect).toBe(false)
})

test('error: a chain that is not eip155 never asks for a nonce', async () => {
  const dapp = appKitDapp()
  await expect(
    fromSiweConfig(dapp.config).createMessage({
      ...input,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }),
  ).rejects.toThrow('Sign-in is for eip155 chains only')
  expect(dapp.config.getNonce).not.toHaveBeenCalled()
})
