import { withRecap } from '@keyframe/protocol/recap'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { expect, test } from 'vitest'
import { createSiwxMessage } from './message.ts'

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
})
