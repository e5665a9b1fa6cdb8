import { type Anvil, startAnvil } from '@keyframe/dev-fixtures'
import { withRecap } from '@keyframe/protocol/recap'
import { createPublicClient, http, type PublicClient, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSiwxMessage } from './message.ts'
import { createSiwxVerifier } from './server/createSiwxVerifier.ts'
import type { SiwxMessageData } from './types.ts'

const data = {
  accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  chainId: 'eip155:10',
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  version: '1',
  nonce: 'n0nce1234567',
  issuedAt: '2026-11-27T12:00:00Z',
} as const

test('default: the EIP-4361 text, fields as the text has them', () => {
  const message = createSiwxMessage({
    ...data,
    expirationTime: '2026-11-28T12:00:00Z',
    statement: 'Sign in to Example.',
    requestId: 'req-1',
    resources: ['https://app.example.com/terms'],
  })
  expect(message.toString()).toMatchInlineSnapshot(`
    "app.example.com wants you to sign in with your Ethereum account:
    0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

    Sign in to Example.

    URI: https://app.example.com
    Version: 1
    Chain ID: 10
    Nonce: n0nce1234567
    Issued At: 2026-11-27T12:00:00.000Z
    Expiration Time: 2026-11-28T12:00:00.000Z
    Request ID: req-1
    Resources:
    - https://app.example.com/terms"
  `)
  // The fields say what the text says (checksummed address, ISO dates with milliseconds).
  expect(message.accountAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  expect(message.issuedAt).toBe('2026-11-27T12:00:00.000Z')
  expect(message.expirationTime).toBe('2026-11-28T12:00:00.000Z')
  const parsed = parseSiweMessage(message.toString())
  expect(parsed).toMatchObject({ address: message.accountAddress, chainId: 10, nonce: 'n0nce1234567' })
})

test('behavior: a wallet signature of the text verifies as EIP-4361 (signer and fields)', async () => {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = createSiwxMessage({
    ...data,
    accountAddress: account.address,
    chainId: 'eip155:1',
    issuedAt: new Date().toISOString(),
    ...withRecap({}, { 'https://api.example.com': { 'crud/read': [{}] } }),
  })
  const text = message.toString()
  const signature = await account.signMessage({ message: text })
  const parsed = parseSiweMessage(text)
  expect(validateSiweMessage({ message: parsed, domain: 'app.example.com', nonce: 'n0nce1234567' })).toBe(
    true,
  )
  expect(await verifyMessage({ address: parsed.address!, message: text, signature })).toBe(true)
  expect(parsed.resources).toEqual(message.resources)
  // Control: the same signature over the text with one character of the statement changed does not verify.
  const tampered = text.replace('I further', 'I Further')
  expect(await verifyMessage({ address: account.address, message: tampered, signature })).toBe(false)
})

test('error: fields EIP-4361 refuses, and chains that are not eip155', () => {
  expect(() => createSiwxMessage({ ...data, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toThrow(
    'Sign-in is for eip155 chains only, not "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"',
  )
  expect(() => createSiwxMessage({ ...data, nonce: 'short' })).toThrow(
    'Invalid Sign-In with Ethereum message field "nonce"',
  )
  expect(() => createSiwxMessage({ ...data, statement: 'two\nlines' })).toThrow('"statement"')
  expect(() => createSiwxMessage({ ...data, domain: 'https://app.example.com' })).toThrow('"domain"')
  expect(() => createSiwxMessage({ ...data, issuedAt: 'yesterday' })).toThrow(
    `The sign-in message's issuedAt "yesterday" is not a date`,
  )
  expect(() => createSiwxMessage({ ...data, uri: 'not a uri' })).toThrow(
    'Invalid Sign-In with Ethereum message field "uri".',
  )
  expect(() => createSiwxMessage({ ...data, resources: ['https://ok.example', 'no scheme'] })).toThrow(
    'Invalid Sign-In with Ethereum message field "resources".',
  )
  expect(() => createSiwxMessage({ ...data, accountAddress: '0x1234' })).toThrow(
    'Invalid Sign-In with Ethereum message field "address".',
  )
  // Each refusal is viem's too: its writer throws on the same fields.
  for (const bad of [{ nonce: 'short' }, { uri: 'not a uri' }, { domain: 'https://app.example.com' }])
    expect(() => createSiweMessage(viemFields({ ...data, ...bad }))).toThrow('Invalid Sign-In with Ethereum')
})

/** The same fields as viem's `createSiweMessage` takes them. */
function viemFields(fields: SiwxMessageData): Parameters<typeof createSiweMessage>[0] {
  return {
    address: fields.accountAddress as `0x${string}`,
    chainId: Number(fields.chainId.slice('eip155:'.length)),
    domain: fields.domain,
    uri: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    issuedAt: new Date(fields.issuedAt),
    ...(fields.expirationTime && { expirationTime: new Date(fields.expirationTime) }),
    ...(fields.notBefore && { notBefore: new Date(fields.notBefore) }),
    ...(fields.requestId !== undefined && { requestId: fields.requestId }),
    ...(fields.resources && { resources: [...fields.resources] }),
    ...(fields.statement !== undefined && { statement: fields.statement }),
  }
}

const CHAIN_ID = 31_119
const ISSUED = '2026-11-27T12:00:00.000Z'
const signer = privateKeyToAccount(generatePrivateKey())
const on = (domain: string, uri: string) => ({
  ...data,
  accountAddress: signer.address.toLowerCase(),
  chainId: `eip155:${CHAIN_ID}` as const,
  domain,
  uri,
  issuedAt: ISSUED,
})
const app = on('app.example.com', 'https://app.example.com')
const recap = withRecap(
  { statement: 'Sign in to Example.' },
  { 'https://api.example.com': { 'crud/read': [{}] } },
)

/** Field combinations: `origin` is the page a verifier takes the message from (none: not an http(s) page). */
const CASES: { name: string; fields: SiwxMessageData; origin?: string }[] = [
  { name: 'no statement, no option (two blank lines)', fields: app, origin: 'https://app.example.com' },
  {
    name: 'an empty statement is none',
    fields: { ...app, statement: '' },
    origin: 'https://app.example.com',
  },
  {
    name: 'statement',
    fields: { ...app, statement: 'Sign in to Example.' },
    origin: 'https://app.example.com',
  },
  {
    name: 'expiry',
    fields: { ...app, expirationTime: '2026-11-28T12:00:00Z' },
    origin: 'https://app.example.com',
  },
  {
    name: 'notBefore',
    fields: { ...app, notBefore: '2026-11-27T12:00:30.5Z' },
    origin: 'https://app.example.com',
  },
  { name: 'requestId', fields: { ...app, requestId: 'req-42' }, origin: 'https://app.example.com' },
  {
    name: 'resources',
    fields: {
      ...app,
      resources: ['https://app.example.com/terms?v=2#top', 'ipfs://bafybeigdyrzt5sfp7udm7hu'],
    },
    origin: 'https://app.example.com',
  },
  { name: 'ReCap', fields: { ...app, ...recap }, origin: 'https://app.example.com' },
  {
    name: 'a port: localhost over http, a path in the URI',
    fields: on('localhost:5173', 'http://localhost:5173/login'),
    origin: 'http://localhost:5173',
  },
  {
    name: 'an IPv4 host and port',
    fields: on('127.0.0.1:8080', 'http://127.0.0.1:8080'),
    origin: 'http://127.0.0.1:8080',
  },
  { name: 'a URI of another scheme (did:web)', fields: on('app.example.com', 'did:web:app.example.com') },
  {
    name: 'every option',
    fields: {
      ...on('app.example.com:8443', 'https://app.example.com:8443/'),
      expirationTime: '2026-11-28T12:00:00.000Z',
      notBefore: '2026-11-27T11:59:00.000Z',
      requestId: 'req-1',
      ...withRecap(
        { statement: 'Welcome back.', resources: ['https://app.example.com:8443/terms'] },
        { 'https://api.example.com': { 'crud/read': [{}], 'crud/update': [{ max: 3 }] } },
      ),
    },
    origin: 'https://app.example.com:8443',
  },
]

describe('the text is EIP-4361 as viem writes it', () => {
  let anvil: Anvil
  let client: PublicClient
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
  }, 30_000)
  afterAll(() => anvil?.close())

  test.each(CASES)(
    '$name: byte-identical to createSiweMessage, parsed back by parseSiweMessage',
    ({ fields }) => {
      const text = createSiwxMessage(fields).toString()
      expect(text).toBe(createSiweMessage(viemFields(fields)))
      const parsed = parseSiweMessage(text)
      expect(parsed).toMatchObject({
        address: signer.address,
        chainId: CHAIN_ID,
        domain: fields.domain,
        uri: fields.uri,
        version: '1',
        nonce: fields.nonce,
        issuedAt: new Date(fields.issuedAt),
        ...(fields.statement && { statement: fields.statement }),
        ...(fields.expirationTime && { expirationTime: new Date(fields.expirationTime) }),
        ...(fields.notBefore && { notBefore: new Date(fields.notBefore) }),
        ...(fields.requestId && { requestId: fields.requestId }),
        ...(fields.resources && { resources: fields.resources }),
      })
      if (!fields.statement) expect(parsed.statement).toBeUndefined()
    },
  )

  test.each(CASES.filter((c) => c.origin !== undefined))(
    '$name: a real key signs it, and the project verifier (siwx/server) accepts it',
    async ({ fields, origin }) => {
      const now = Date.parse(ISSUED) + 60_000
      const verifier = createSiwxVerifier({
        origins: [origin!],
        getClient: (id) => (id === CHAIN_ID ? client : undefined),
        now: () => now,
      })
      const text = createSiwxMessage({ ...fields, nonce: await verifier.issueNonce() }).toString()
      const signature = await signer.signMessage({ message: text })
      // Control: another key's signature over the same text is refused.
      const other = privateKeyToAccount(generatePrivateKey())
      await expect(
        verifier.verify(
          { message: text, signature: await other.signMessage({ message: text }) },
          { origin: origin! },
        ),
      ).rejects.toMatchObject({ reason: 'signature' })
      const verified = await verifier.verify({ message: text, signature }, { origin: origin! })
      expect(verified).toMatchObject({ address: signer.address, chainId: CHAIN_ID })
      expect(verified.data.statement ?? '').toBe(fields.statement ?? '')
      expect(verified.data.resources).toEqual(fields.resources)
    },
  )
})
