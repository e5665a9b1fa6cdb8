// The verifier against a real chain (anvil): an EOA's EIP-191 signature, a deployed contract account's
// ERC-1271 one and a counterfactual account's ERC-6492 one; then each check's refusal beside its control.
import {
  type Anvil,
  deploySmartAccount,
  deploySmartAccountFactory,
  type SmartAccountInfo,
  signAsSmartAccount,
  smartAccount,
  startAnvil,
} from '@keyframe/dev-fixtures'
import { withRecap } from '@keyframe/protocol/recap'
import { createPublicClient, http, type PublicClient, pad } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSiwxVerifier, type SiwxVerifier } from './createSiwxVerifier.ts'
import { createMemoryNonceStore } from './nonceStore.ts'
import { SiwxVerifyError } from './siwxVerifyError.ts'

const CHAIN_ID = 31_118
const ORIGIN = 'http://app.example:5173'
const NOW = Date.parse('2026-03-01T12:00:00.000Z')

let anvil: Anvil
let client: PublicClient
let factory: `0x${string}`
beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
  factory = await deploySmartAccountFactory(anvil)
})
afterAll(() => anvil?.close())

const verifierAt = (time: { now: number }) =>
  createSiwxVerifier({
    getClient: (chainId) => (chainId === CHAIN_ID ? client : undefined),
    origins: [ORIGIN],
    now: () => time.now,
  })

type Fields = Partial<Parameters<typeof createSiweMessage>[0]>
/** An EIP-4361 message for the app at ORIGIN on the anvil chain, valid for an hour from NOW. */
const messageFor = (address: `0x${string}`, nonce: string, fields: Fields = {}) =>
  createSiweMessage({
    address,
    chainId: CHAIN_ID,
    domain: 'app.example:5173',
    uri: `${ORIGIN}/login`,
    version: '1',
    nonce,
    issuedAt: new Date(NOW),
    expirationTime: new Date(NOW + 3_600_000),
    statement: 'Sign in to the example app.',
    ...fields,
  })

/** The SiwxVerifyError `promise` rejects with, as `{ reason, message }`. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => new Error('verified'),
    (error: unknown) => error,
  )
  if (!(error instanceof SiwxVerifyError)) throw error
  return { reason: error.reason, message: error.message }
}

describe('an EOA (EIP-191)', () => {
  const owner = privateKeyToAccount(generatePrivateKey())

  test('a signed message verifies once: its fields come back, its nonce is then used up', async () => {
    const verifier = verifierAt({ now: NOW })
    const nonce = await verifier.issueNonce()
    expect(nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    const message = messageFor(owner.address, nonce, {
      requestId: 'req-1',
      resources: ['https://app.example/terms'],
    })
    const signature = await owner.signMessage({ message })

    const verified = await verifier.verify({ message, signature }, { origin: ORIGIN })
    expect(verified).toEqual({
      address: owner.address,
      chainId: CHAIN_ID,
      data: {
        accountAddress: owner.address,
        chainId: `eip155:${CHAIN_ID}`,
        domain: 'app.example:5173',
        uri: `${ORIGIN}/login`,
        version: '1',
        nonce,
        issuedAt: '2026-03-01T12:00:00.000Z',
        expirationTime: '2026-03-01T13:00:00.000Z',
        requestId: 'req-1',
        resources: ['https://app.example/terms'],
        statement: 'Sign in to the example app.',
      },
    })
    expect(await refusal(verifier.verify({ message, signature }, { origin: ORIGIN }))).toEqual({
      reason: 'nonce',
      message: 'The nonce is unknown or was already used',
    })
  })

  test('the same message sent twice at once signs in once', async () => {
    const verifier = verifierAt({ now: NOW })
    const message = messageFor(owner.address, await verifier.issueNonce())
    const signed = { message, signature: await owner.signMessage({ message }) }
    const results = await Promise.allSettled([
      verifier.verify(signed, { origin: ORIGIN }),
      verifier.verify(signed, { origin: ORIGIN }),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
  })

  test('a nonce this server never issued, or issued past its TTL, is refused (control: within the TTL)', async () => {
    const time = { now: NOW }
    const verifier = verifierAt(time)
    const unknown = messageFor(owner.address, 'abcdefgh12345678')
    expect(
      await refusal(
        verifier.verify(
          { message: unknown, signature: await owner.signMessage({ message: unknown }) },
          { origin: ORIGIN },
        ),
      ),
    ).toMatchObject({ reason: 'nonce' })

    const late = messageFor(owner.address, await verifier.issueNonce())
    const onTime = messageFor(owner.address, await verifier.issueNonce())
    time.now = NOW + 9 * 60_000
    await verifier.verify(
      { message: onTime, signature: await owner.signMessage({ message: onTime }) },
      { origin: ORIGIN },
    )
    time.now = NOW + 10 * 60_000
    expect(
      await refusal(
        verifier.verify(
          { message: late, signature: await owner.signMessage({ message: late }) },
          { origin: ORIGIN },
        ),
      ),
    ).toMatchObject({ reason: 'nonce' })
  })

  test('a tampered message is refused and keeps its nonce: the genuine one still signs in', async () => {
    const verifier = verifierAt({ now: NOW })
    const message = messageFor(owner.address, await verifier.issueNonce())
    const signature = await owner.signMessage({ message })
    const tampered = message.replace('Sign in to the example app.', 'Sign in to the example app!')
    expect(await refusal(verifier.verify({ message: tampered, signature }, { origin: ORIGIN }))).toEqual({
      reason: 'signature',
      message: "The signature does not match the message's address",
    })
    const other = privateKeyToAccount(generatePrivateKey())
    expect(
      await refusal(
        verifier.verify({ message, signature: await other.signMessage({ message }) }, { origin: ORIGIN }),
      ),
    ).toMatchObject({ reason: 'signature' })
    expect(
      await refusal(verifier.verify({ message, signature: 'nothex' }, { origin: ORIGIN })),
    ).toMatchObject({
      reason: 'signature',
    })
    expect((await verifier.verify({ message, signature }, { origin: ORIGIN })).address).toBe(owner.address)
  })

  test('the domain and the URI must be the requesting origin’s (control: on that origin it verifies)', async () => {
    const verifier = verifierAt({ now: NOW })
    const nonce = await verifier.issueNonce()
    const sign = async (fields: Fields) => {
      const message = messageFor(owner.address, nonce, fields)
      return { message, signature: await owner.signMessage({ message }) }
    }
    const evil = await sign({ domain: 'evil.example', uri: 'https://evil.example/' })
    expect(await refusal(verifier.verify(evil, { origin: ORIGIN }))).toEqual({
      reason: 'domain',
      message: 'The message is for evil.example, not for app.example:5173',
    })
    expect(
      await refusal(verifier.verify(await sign({ domain: 'app.example' }), { origin: ORIGIN })),
    ).toMatchObject({
      reason: 'domain',
    })
    expect(await refusal(verifier.verify(await sign({ scheme: 'https' }), { origin: ORIGIN }))).toMatchObject(
      {
        reason: 'domain',
      },
    )
    expect(
      await refusal(
        verifier.verify(await sign({ uri: 'https://app.example:5173/login' }), { origin: ORIGIN }),
      ),
    ).toEqual({ reason: 'uri', message: `The message's URI is not on ${ORIGIN}` })
    // Control: the same message is good for the page it names, on a backend open to that page.
    const nonces = createMemoryNonceStore({ now: () => NOW })
    await nonces.add(nonce, NOW + 60_000)
    const evilsBackend = createSiwxVerifier({
      getClient: () => client,
      origins: ['https://evil.example'],
      nonces,
      now: () => NOW,
    })
    expect((await evilsBackend.verify(evil, { origin: 'https://evil.example' })).data.domain).toBe(
      'evil.example',
    )
  })

  test("a phishing site relaying a signature made on its own domain, under its own Origin, is refused: that origin is not the dApp's (control: the dApp's own)", async () => {
    const verifier = verifierAt({ now: NOW })
    const nonce = await verifier.issueNonce()
    const phished = messageFor(owner.address, nonce, { domain: 'evil.example', uri: 'https://evil.example/' })
    const signed = { message: phished, signature: await owner.signMessage({ message: phished }) }
    expect(await refusal(verifier.verify(signed, { origin: 'https://evil.example' }))).toEqual({
      reason: 'origin',
      message: 'Sign-in is not open to https://evil.example',
    })
    const genuine = messageFor(owner.address, nonce)
    const ok = await verifier.verify(
      { message: genuine, signature: await owner.signMessage({ message: genuine }) },
      { origin: ORIGIN },
    )
    expect(ok.address).toBe(owner.address)
  })

  test('a message without statement, or without expiration time, verifies as EIP-4361 writes it', async () => {
    const verifier = verifierAt({ now: NOW })
    const message = messageFor(owner.address, await verifier.issueNonce(), {
      statement: undefined,
      expirationTime: undefined,
    })
    expect(message.split('\n').slice(1, 4)).toEqual([owner.address, '', ''])
    const { data } = await verifier.verify(
      { message, signature: await owner.signMessage({ message }) },
      { origin: ORIGIN },
    )
    expect(data).not.toHaveProperty('statement')
    expect(data).not.toHaveProperty('expirationTime')
  })

  test('a chain the server has no client for is refused', async () => {
    const verifier = verifierAt({ now: NOW })
    const message = messageFor(owner.address, await verifier.issueNonce(), { chainId: 1 })
    expect(
      await refusal(
        verifier.verify({ message, signature: await owner.signMessage({ message }) }, { origin: ORIGIN }),
      ),
    ).toEqual({ reason: 'chain', message: "The message's chain is not one this server knows" })
  })

  test('past its expiration time, or before notBefore, a message is refused (control: inside the window)', async () => {
    const time = { now: NOW }
    const verifier = verifierAt(time)
    const message = messageFor(owner.address, await verifier.issueNonce(), {
      notBefore: new Date(NOW + 60_000),
      expirationTime: new Date(NOW + 120_000),
    })
    const signed = { message, signature: await owner.signMessage({ message }) }
    expect(await refusal(verifier.verify(signed, { origin: ORIGIN }))).toEqual({
      reason: 'not_yet_valid',
      message: 'The message is not valid yet',
    })
    time.now = NOW + 120_000
    expect(await refusal(verifier.verify(signed, { origin: ORIGIN }))).toEqual({
      reason: 'expired',
      message: 'The message has expired',
    })
    time.now = NOW + 90_000
    expect((await verifier.verify(signed, { origin: ORIGIN })).address).toBe(owner.address)
  })

  test('text that is not an EIP-4361 message, or has lines beyond its fields, is malformed', async () => {
    const verifier = verifierAt({ now: NOW })
    const message = messageFor(owner.address, await verifier.issueNonce())
    const malformed = [
      'hello',
      `${message}\nInjected: line`,
      message.replace('\n\nURI: ', '\n\n\nURI: '),
      message.replace('Version: 1', 'Version: 2'),
      message.replace('Issued At: 2026-03-01T12:00:00.000Z', 'Issued At: yesterday'),
      message.replace(owner.address, '0x1234'),
      messageFor(owner.address, 'abcdefgh12345678', { resources: ['urn:recap:bm90IGpzb24'] }),
    ]
    for (const text of malformed) {
      expect(
        await refusal(
          verifier.verify(
            { message: text, signature: await owner.signMessage({ message: text }) },
            { origin: ORIGIN },
          ),
        ),
        text,
      ).toEqual({ reason: 'malformed', message: 'The message is not a valid sign-in message' })
    }
    // Control: the well-formed message verifies.
    expect(
      (
        await verifier.verify(
          { message, signature: await owner.signMessage({ message }) },
          { origin: ORIGIN },
        )
      ).address,
    ).toBe(owner.address)
  })

  test('an ERC-5573 ReCap comes back as the session’s capabilities', async () => {
    const verifier = verifierAt({ now: NOW })
    const capabilities = { 'https://api.app.example': { 'crud/read': [{}], 'crud/update': [{ max: 3 }] } }
    const recap = withRecap({ statement: 'Sign in.' }, capabilities)
    const message = messageFor(owner.address, await verifier.issueNonce(), recap)
    const verified = await verifier.verify(
      { message, signature: await owner.signMessage({ message }) },
      { origin: ORIGIN },
    )
    expect(verified.capabilities).toEqual(capabilities)
    expect(verified.data.statement).toBe(recap.statement)
  })
})

describe('contract accounts', () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const accountOf = (salt: number) =>
    smartAccount(anvil, factory, owner.address, pad(`0x${salt.toString(16)}`))

  async function signIn(
    verifier: SiwxVerifier,
    account: SmartAccountInfo,
    signer: PrivateKeyAccount,
    counterfactual: boolean,
  ) {
    const message = messageFor(account.address, await verifier.issueNonce())
    const signature = await signAsSmartAccount(signer, account, message, { counterfactual })
    return verifier.verify({ message, signature }, { origin: ORIGIN })
  }

  test('a deployed account signs in through ERC-1271; another key than its owner’s is refused', async () => {
    const account = await accountOf(1)
    await deploySmartAccount(anvil, account)
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{10,}/)
    const verifier = verifierAt({ now: NOW })
    expect((await signIn(verifier, account, owner, false)).address).toBe(account.address)
    const stranger = privateKeyToAccount(generatePrivateKey())
    expect(await refusal(signIn(verifier, account, stranger, false))).toMatchObject({ reason: 'signature' })
  })

  test('an account not deployed yet signs in through ERC-6492, and stays undeployed', async () => {
    const account = await accountOf(2)
    const verifier = verifierAt({ now: NOW })
    expect((await signIn(verifier, account, owner, true)).address).toBe(account.address)
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    // Controls: without the ERC-6492 wrapper nothing answers for the address; another key is refused.
    expect(await refusal(signIn(verifier, account, owner, false))).toMatchObject({ reason: 'signature' })
    const stranger = privateKeyToAccount(generatePrivateKey())
    expect(await refusal(signIn(verifier, account, stranger, true))).toMatchObject({ reason: 'signature' })
  })
})

describe('the memory nonce store', () => {
  test('holds at most `max` nonces, dropping the oldest; each is consumed once', async () => {
    const nonces = createMemoryNonceStore({ max: 2, now: () => NOW })
    await nonces.add('first', NOW + 1000)
    await nonces.add('second', NOW + 1000)
    await nonces.add('third', NOW + 1000)
    expect(await nonces.consume('first')).toBe(false)
    expect(await nonces.consume('third')).toBe(true)
    expect(await nonces.consume('third')).toBe(false)
    expect(await nonces.consume('second')).toBe(true)
  })
})
