/**
 * The v3/v4 digests against an independent implementation: eth-sig-util's published values (its test
 * snapshots, `src/__snapshots__/sign-typed-data.test.ts.snap`, and EIP-712's own example, whose signature by
 * the key keccak256("cow") its tests check), and viem's `hashTypedData` where the two agree (complete data).
 */
import { type Hex, hashTypedData, keccak256, recoverAddress, serializeSignature, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { hashStruct, hashTypedDataAs, signedFields, type TypedMessage, type TypedTypes } from './eip712.ts'
import { EIP712_DOMAIN, mailTypes } from './testTypedData.ts'

const COW = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'
const BOB = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
const person = { name: 'Cow', wallet: COW }
const bob = { name: 'Bob', wallet: BOB }

/** EIP-712's example (`assets/eip-712/Example.js`), as the test dApp's v3 button sends it (chain 1). */
const example: TypedMessage = {
  types: { EIP712Domain: EIP712_DOMAIN, ...mailTypes },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: { from: person, to: bob, contents: 'Hello, Bob!' },
}

/** keccak256 of an encoding eth-sig-util's snapshot lists (words of 32 bytes, hex without 0x). */
const hashOf = (...words: string[]) => keccak256(`0x${words.join('')}` as Hex)
const MAIL_TYPEHASH = 'a0cedeb2dc280ba39b857546d74f5549c3a1d7bdc2dd96bf881f76108e23dac2'
const COW_HASH = 'fc71e5fa27ff56c350aa531bc129ebdf613b772b6604664f5d8dbe21b85eb0c8'
const BOB_HASH = 'cd54f074a4af31b4411ff6a60c9719dbd559c221c8ac3492d9d872b041d703d1'
const HELLO_BOB = 'b5aadf3154a261abdd9086fc627b61efca26ae5702701d05cd2305f7c52a2fc8'
const ZERO = '0'.repeat(64)

describe('hashTypedDataAs', () => {
  test("default: EIP-712's example gives its published digest, and the cow key's published signature recovers", async () => {
    const digest = '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2'
    expect(hashTypedDataAs(example, 'v3')).toBe(digest)
    expect(hashTypedDataAs(example, 'v4')).toBe(digest)
    const cow = privateKeyToAccount(keccak256(stringToHex('cow')))
    const signature = serializeSignature({
      r: '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d',
      s: '0x07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562',
      v: 28n,
    })
    expect(await recoverAddress({ hash: digest, signature })).toBe(cow.address)
  })

  test("default: v4 agrees with viem on the test dApp's v4 payload (arrays, bytes, chain id as text)", () => {
    const typed: TypedMessage = {
      domain: {
        chainId: '1337',
        name: 'Ether Mail',
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
        version: '1',
      },
      message: {
        contents: 'Hello, Bob!',
        from: { name: 'Cow', wallets: [COW, '0xDeaDbeefdEAdbeefdEadbEEFdeadbeEFdEaDbeeF'] },
        to: [
          {
            name: 'Bob',
            wallets: [
              BOB,
              '0xB0BdaBea57B0BDABeA57b0bdABEA57b0BDabEa57',
              '0xB0B0b0b0b0b0B000000000000000000000000000',
            ],
          },
        ],
        attachment: '0x',
      },
      primaryType: 'Mail',
      types: {
        EIP712Domain: EIP712_DOMAIN,
        Group: [
          { name: 'name', type: 'string' },
          { name: 'members', type: 'Person[]' },
        ],
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
      },
    }
    expect(hashTypedDataAs(typed, 'v4')).toBe(
      hashTypedData({ ...typed, domain: { ...typed.domain, chainId: 1337 } } as never),
    )
  })

  test("behavior: without an EIP712Domain type the domain is an empty struct: eth-sig-util's published digest", () => {
    // eth-sig-util's snapshot 'eip712Hash V3/V4 should hash a minimal valid typed message', and its test that
    // `types: {}` hashes the same as `types: { EIP712Domain: [] }`.
    const minimal = '0x8d4a3f4082945b7879e2b55f181c31a77c8c0a464b70669458abbaaf99de4c38'
    for (const version of ['v3', 'v4'] as const) {
      for (const types of [{}, { EIP712Domain: [] }] as TypedTypes[]) {
        const typed = { types, primaryType: 'EIP712Domain', domain: {}, message: {} }
        expect(hashTypedDataAs(typed, version)).toBe(minimal)
      }
    }
  })

  test("behavior: without an EIP712Domain type the domain's values are not signed, as eth-sig-util signs it", () => {
    const { EIP712Domain: _, ...types } = example.types
    const bare = { ...example, types }
    const unbound = hashTypedDataAs(bare, 'v4')
    expect(unbound).toBe(hashTypedDataAs({ ...bare, domain: {} }, 'v4'))
    expect(unbound).toBe(
      hashTypedData({ ...bare, types: { ...types, EIP712Domain: [] }, domain: {} } as never),
    )
    // Control: the same data as viem signs it when given no EIP712Domain type (derived from the domain's
    // keys), bound to the domain — another digest.
    expect(hashTypedData(bare as never)).toBe(hashTypedDataAs(example, 'v4'))
    expect(unbound).not.toBe(hashTypedData(bare as never))
  })

  test('behavior: v3 refuses arrays, which v4 encodes', () => {
    const types = { Message: [{ name: 'data', type: 'string[]' }] }
    expect(() => hashStruct('Message', { data: ['1', '2', '3'] }, types, 'v3')).toThrow(
      /arrays need eth_signTypedData_v4/,
    )
    expect(() => hashStruct('Message', { data: ['1', '2', '3'] }, types, 'v4')).not.toThrow()
  })
})

describe('hashStruct: where v3 and v4 differ (eth-sig-util snapshots)', () => {
  test('behavior: a missing struct is left out in v3, 32 zero bytes in v4; null is zero in v4 only', () => {
    const message = { from: person, contents: 'Hello, Bob!' }
    expect(hashStruct('Mail', message, mailTypes, 'v3')).toBe(hashOf(MAIL_TYPEHASH, COW_HASH, HELLO_BOB))
    expect(hashStruct('Mail', message, mailTypes, 'v4')).toBe(
      hashOf(MAIL_TYPEHASH, COW_HASH, ZERO, HELLO_BOB),
    )
    expect(hashStruct('Mail', { ...message, to: null }, mailTypes, 'v4')).toBe(
      hashOf(MAIL_TYPEHASH, COW_HASH, ZERO, HELLO_BOB),
    )
    expect(() => hashStruct('Mail', { ...message, to: null }, mailTypes, 'v3')).toThrow(/Expected an object/)
  })

  test('behavior: a recursive type ends in v3 by leaving the missing reply out, in v4 with zero', () => {
    const types = { ...mailTypes, Mail: [...(mailTypes.Mail ?? []), { name: 'replyTo', type: 'Mail' }] }
    const message = {
      from: person,
      to: bob,
      contents: 'Hello, Bob!',
      replyTo: { to: person, from: bob, contents: 'Hello!' },
    }
    const head = [
      '66658e9662034bcd21df657297dab8ba47f0ae05dd8aa253cc935d9aacfd9d10',
      COW_HASH,
      BOB_HASH,
      HELLO_BOB,
    ]
    expect(hashStruct('Mail', message, types, 'v3')).toBe(
      hashOf(...head, '585a30736f22452235ee25aabb6e4c2a6a22c8cf007855687a076a95d15f00c0'),
    )
    expect(hashStruct('Mail', message, types, 'v4')).toBe(
      hashOf(...head, '161abe35f76debc1e0496baa54308eb1f1331218276bf01c4af34ee637780b25'),
    )
  })

  test('behavior: a missing atomic or dynamic value is left out in v3 and refused in v4', () => {
    const types = { ...mailTypes, Mail: [...(mailTypes.Mail ?? []), { name: 'length', type: 'int32' }] }
    const message = { from: person, to: bob, contents: 'Hello!' }
    expect(hashStruct('Mail', message, types, 'v3')).toBe(
      hashOf(
        '2445b23f0dc0a35bae9b7bd2bd12c89a2db0f66a4a73c8e8b95df6729c227c43',
        COW_HASH,
        BOB_HASH,
        '6cdba77591a790691c694fa0be937f835b8a589095e427022aa1035e579ee596',
      ),
    )
    expect(() => hashStruct('Mail', message, types, 'v4')).toThrow(
      'Missing value for field length of type int32',
    )
    expect(hashStruct('Mail', { from: person, to: bob }, mailTypes, 'v3')).toBe(
      hashOf(MAIL_TYPEHASH, COW_HASH, BOB_HASH),
    )
  })
})

describe('signedFields', () => {
  const types: TypedTypes = { EIP712Domain: [{ name: 'name', type: 'string' }], ...mailTypes }

  test('default: only the fields the types list, nested; keys the types do not list are not shown', () => {
    const message = { from: { ...person, note: 'unsigned' }, to: bob, contents: 'Hi', amount: '1000000' }
    expect(signedFields('Mail', message, types, 'v4')).toEqual({ from: person, to: bob, contents: 'Hi' })
    const domain = { name: 'Ether Mail', chainId: 1 }
    expect(signedFields('EIP712Domain', domain, types, 'v4')).toEqual({ name: 'Ether Mail' })
  })

  test('behavior: a missing struct is left out in v3 and shown as null in v4, as each signs it', () => {
    const message = { from: person, contents: 'Hi' }
    expect(signedFields('Mail', message, types, 'v3')).toEqual({ from: person, contents: 'Hi' })
    expect(signedFields('Mail', message, types, 'v4')).toEqual({ from: person, to: null, contents: 'Hi' })
  })

  test("behavior: without an EIP712Domain type none of the domain's values is shown: none is signed", () => {
    expect(signedFields('EIP712Domain', example.domain, mailTypes, 'v4')).toEqual({})
    expect(signedFields('EIP712Domain', example.domain, mailTypes, 'v3')).toEqual({})
  })
})
