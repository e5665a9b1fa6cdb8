/**
 * Signing requests as real dApps send them (MetaMask's test dApp's params), through `dispatch` for a frame
 * logged in against the real server app: personal_sign with its third parameter and in (address, message)
 * order, typed data v1, v3 and v4. Each signature recovers to the wallet's address with a digest computed
 * independently (viem for EIP-712 data viem and eth-sig-util agree on; eth-sig-util's own vectors for the
 * rest are in `eip712.test.ts` and `signTypedDataV1.test.ts`). No chain node is needed to sign.
 */
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import { type Hex, recoverAddress, stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { hashTypedDataAs } from './eip712.ts'
import { typedSignatureHash } from './signTypedDataV1.ts'
import { type Approver, approver, loggedInFrame } from './testFrame.ts'
import { EIP712_DOMAIN, mailTypes } from './testTypedData.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const CHAIN: FrameChain = {
  id: 31337,
  name: 'Keyframe Local',
  // Never called: signing a message asks nothing of the chain.
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

let harness: Harness
let person: Approver
let frame: Awaited<ReturnType<typeof loggedInFrame>>

beforeAll(async () => {
  harness = await createHarness()
  person = approver()
  frame = await loggedInFrame(harness, `sign-${crypto.randomUUID().slice(0, 8)}@example.com`, {
    chains: [CHAIN],
    approver: person,
  })
})
afterAll(async () => {
  await harness?.close()
})

function result(reply: { ok: boolean; result?: unknown; error?: unknown }): Hex {
  if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`)
  return reply.result as Hex
}
const lastDetails = () => person.seen.at(-1)!.details

const domain = {
  name: 'Ether Mail',
  version: '1',
  chainId: 31337,
  verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
} as const
const cow = { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' } as const
const bob = { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' } as const

describe('personal_sign', () => {
  test("parameters: the test dApp's third parameter (a password) is ignored", async () => {
    const message = 'Example `personal_sign` message'
    const signature = result(
      await frame.rpc('personal_sign', [stringToHex(message), frame.address, 'Example password']),
    )
    expect(await verifyMessage({ address: frame.address, message, signature })).toBe(true)
    expect(lastDetails()).toMatchObject({ method: 'personal_sign', kind: 'message', text: message })
  })

  test('parameters: (address, message), the order some libraries send, is read as MetaMask reads it', async () => {
    const signature = result(await frame.rpc('personal_sign', [frame.address, 'Sign in to Example']))
    expect(await verifyMessage({ address: frame.address, message: 'Sign in to Example', signature })).toBe(
      true,
    )
    expect(lastDetails()).toMatchObject({ kind: 'message', text: 'Sign in to Example' })
  })

  test('behavior: a message that is itself an address, sent with the address, stays the message', async () => {
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const signature = result(await frame.rpc('personal_sign', [other, frame.address]))
    expect(await verifyMessage({ address: frame.address, message: { raw: other }, signature })).toBe(true)
    expect(lastDetails()).toMatchObject({ kind: 'message', hex: other.toLowerCase() })
  })

  test('error: (another address, message) is read as that account asking, and refused with 4100', async () => {
    const seen = person.seen.length
    const reply = await frame.rpc('personal_sign', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'hello'])
    expect(reply).toMatchObject({ ok: false, error: { code: 4100 } })
    expect(person.seen.length).toBe(seen)
  })

  test('error: no address in either place is -32602 naming the address parameter', async () => {
    expect(await frame.rpc('personal_sign', ['hello', 'me'])).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringMatching(/parameter 2 \(address\)/) },
    })
    expect(await frame.rpc('personal_sign', ['hello', frame.address, 'password', 'more'])).toMatchObject({
      ok: false,
      error: { code: -32602 },
    })
  })
})

describe('personal_sign: sign-in messages (EIP-4361)', () => {
  const signInMessage = (domain: string) =>
    createSiweMessage({
      domain,
      address: frame.address,
      uri: `https://${domain}/login`,
      version: '1',
      chainId: 31337,
      nonce: 'k3yfr4m3n0nc3',
      issuedAt: new Date(),
      statement: 'Sign in to Ops.',
    })

  test("attack: one for another site than the parent's is refused with 4100 before any screen (control: the parent's host is shown as a sign-in and signed)", async () => {
    const seen = person.seen.length
    const evil = await frame.rpc('personal_sign', [stringToHex(signInMessage('evil.example')), frame.address])
    expect(evil).toMatchObject({
      ok: false,
      error: { code: 4100, message: 'This sign-in message is for evil.example, not for ops.example' },
    })
    expect(person.seen.length).toBe(seen)

    const message = signInMessage('ops.example')
    const signature = result(await frame.rpc('personal_sign', [stringToHex(message), frame.address]))
    expect(await verifyMessage({ address: frame.address, message, signature })).toBe(true)
    expect(lastDetails()).toMatchObject({
      method: 'personal_sign',
      origin: 'https://ops.example',
      kind: 'signIn',
      domain: 'ops.example',
      uri: 'https://ops.example/login',
      statement: 'Sign in to Ops.',
      validity: 'valid',
      text: message,
    })
  })

  test('attack: one for another account is refused with 4100 before any screen', async () => {
    const seen = person.seen.length
    const other = signInMessage('ops.example').replace(
      frame.address,
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(await frame.rpc('personal_sign', [other, frame.address])).toMatchObject({
      ok: false,
      error: { code: 4100, message: 'This sign-in message is for another account' },
    })
    expect(person.seen.length).toBe(seen)
  })
})

describe('eth_signTypedData (v1)', () => {
  const fields = [
    { type: 'string', name: 'Message', value: 'Hi, Alice!' },
    { type: 'uint32', name: 'A number', value: '1337' },
  ]

  test("default: the test dApp's payload, shown as its list, recovers to the wallet", async () => {
    const signature = result(await frame.rpc('eth_signTypedData', [fields, frame.address]))
    expect(await recoverAddress({ hash: typedSignatureHash(fields), signature })).toBe(frame.address)
    expect(lastDetails()).toEqual({
      method: 'eth_signTypedData',
      chain: { id: 31337, name: 'Keyframe Local', nativeSymbol: 'ETH' },
      account: frame.address,
      origin: 'https://ops.example',
      kind: 'typedDataV1',
      fields,
    })
  })

  test('error: bad params are -32602 naming the typed data, before any approval', async () => {
    const seen = person.seen.length
    expect(await frame.rpc('eth_signTypedData', [[], frame.address])).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringMatching(/parameter 1 \(typed data\)/) },
    })
    expect(
      await frame.rpc('eth_signTypedData', [[{ type: 'bool', name: 'ok', value: 'false' }], frame.address]),
    ).toMatchObject({
      ok: false,
      error: {
        code: -32602,
        message:
          'Invalid params for eth_signTypedData: parameter 1 (typed data) must be true or false for field ok',
      },
    })
    expect(person.seen.length).toBe(seen)
  })
})

describe('eth_signTypedData_v3 and _v4', () => {
  test("default: v3, the test dApp's Mail as JSON, verifies and shows domain, type and message", async () => {
    const typed = {
      types: { EIP712Domain: EIP712_DOMAIN, ...mailTypes },
      primaryType: 'Mail',
      domain,
      message: { from: cow, to: bob, contents: 'Hello, Bob!' },
    }
    const signature = result(await frame.rpc('eth_signTypedData_v3', [frame.address, JSON.stringify(typed)]))
    expect(
      await verifyTypedData({
        address: frame.address,
        domain,
        types: mailTypes,
        primaryType: 'Mail',
        message: typed.message,
        signature,
      }),
    ).toBe(true)
    expect(lastDetails()).toMatchObject({
      method: 'eth_signTypedData_v3',
      kind: 'typedData',
      domain,
      primaryType: 'Mail',
      message: typed.message,
    })
  })

  test('behavior: v3 leaves a missing field out where v4 signs zero; each recovers by its own hashing', async () => {
    const typed = {
      types: { EIP712Domain: EIP712_DOMAIN, ...mailTypes },
      primaryType: 'Mail',
      domain,
      message: { from: cow, contents: 'Hi' },
    }
    const v3 = result(await frame.rpc('eth_signTypedData_v3', [frame.address, typed]))
    expect(lastDetails()).toMatchObject({ message: { from: cow, contents: 'Hi' } })
    const v4 = result(await frame.rpc('eth_signTypedData_v4', [frame.address, typed]))
    expect(lastDetails()).toMatchObject({ message: { from: cow, to: null, contents: 'Hi' } })
    expect(await recoverAddress({ hash: hashTypedDataAs(typed, 'v3'), signature: v3 })).toBe(frame.address)
    expect(await recoverAddress({ hash: hashTypedDataAs(typed, 'v4'), signature: v4 })).toBe(frame.address)
    expect(hashTypedDataAs(typed, 'v3')).not.toBe(hashTypedDataAs(typed, 'v4'))
  })

  test("default: v4, the test dApp's payload with arrays, verifies", async () => {
    const types = {
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person[]' },
        { name: 'contents', type: 'string' },
        { name: 'attachment', type: 'bytes' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallets', type: 'address[]' },
      ],
    }
    const message = {
      contents: 'Hello, Bob!',
      from: { name: 'Cow', wallets: [cow.wallet, '0xDeaDbeefdEAdbeefdEadbEEFdeadbeEFdEaDbeeF'] },
      to: [{ name: 'Bob', wallets: [bob.wallet, '0xB0BdaBea57B0BDABeA57b0bdABEA57b0BDabEa57'] }],
      attachment: '0x',
    } as const
    const typed = {
      types: { EIP712Domain: EIP712_DOMAIN, ...types },
      primaryType: 'Mail',
      domain: { ...domain, chainId: '31337' },
      message,
    }
    const signature = result(await frame.rpc('eth_signTypedData_v4', [frame.address, JSON.stringify(typed)]))
    expect(
      await verifyTypedData({
        address: frame.address,
        domain,
        types,
        primaryType: 'Mail',
        message,
        signature,
      }),
    ).toBe(true)
  })

  test("behavior: the test dApp's ERC721 permit (no EIP712Domain type) signs an empty domain and shows none", async () => {
    const permit = [
      { name: 'spender', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ]
    const message = {
      spender: '0x0521797e19b8e274e4ed3bfe5254faf6fac96f08',
      tokenId: '3606393',
      nonce: '0',
      deadline: '1734995006',
    }
    const named = {
      name: 'My NFT',
      version: '1',
      chainId: 31337,
      verifyingContract: domain.verifyingContract,
    }
    const typed = { types: { Permit: permit }, primaryType: 'Permit', domain: named, message }
    const signature = result(await frame.rpc('eth_signTypedData_v4', [frame.address, JSON.stringify(typed)]))
    // The page's name, chain and contract are not signed, so not shown: the screen says 'None'.
    expect(lastDetails()).toMatchObject({ kind: 'typedData', domain: {}, primaryType: 'Permit', message })
    const verify = (types: Record<string, typeof permit>, signedDomain: Record<string, unknown>) =>
      verifyTypedData({
        address: frame.address,
        domain: signedDomain,
        types,
        primaryType: 'Permit',
        message,
        signature,
      } as never)
    expect(await verify({ EIP712Domain: [], Permit: permit }, {})).toBe(true)
    // Control: over the domain viem derives from the page's values, the signature is not the wallet's.
    expect(await verify({ Permit: permit }, named)).toBe(false)
  })

  test('error: v3 refuses arrays with -32602 naming the typed data, before any approval', async () => {
    const seen = person.seen.length
    const typed = {
      types: { M: [{ name: 'to', type: 'address[]' }] },
      primaryType: 'M',
      domain: {},
      message: { to: [] },
    }
    expect(await frame.rpc('eth_signTypedData_v3', [frame.address, typed])).toMatchObject({
      ok: false,
      error: {
        code: -32602,
        message:
          'Invalid params for eth_signTypedData_v3: parameter 2 (typed data): Field to is an array: arrays need eth_signTypedData_v4',
      },
    })
    expect(person.seen.length).toBe(seen)
  })
})
