import { UnauthorizedError } from '@keyframe/protocol/core'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { printableText } from './personalSign.ts'
import { readSignIn } from './siweMessage.ts'

const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PARENT = 'http://localhost:5173'
const NOW = Date.parse('2026-11-27T15:00:00.000Z')

/** A message as the SDK writes it (viem's createSiweMessage), for the parent's host unless told. */
function message(fields: Partial<SiweMessage> = {}): string {
  return createSiweMessage({
    domain: 'localhost:5173',
    address: SIGNER,
    uri: 'http://localhost:5173',
    version: '1',
    chainId: 31337,
    nonce: 'a1b2c3d4e5f6a7b8',
    issuedAt: new Date('2026-11-27T14:59:00.000Z'),
    expirationTime: new Date('2026-11-28T14:59:00.000Z'),
    statement: 'Sign in to the demo.',
    ...fields,
  })
}

const utf8 = (text: string) => new TextEncoder().encode(text)
const read = (text: string, parentOrigin = PARENT, signer = SIGNER) => {
  const bytes = utf8(text)
  return readSignIn(bytes, printableText(bytes), { parentOrigin, signer, now: NOW })
}
/** The refusal `read` throws, as the dApp receives it (code and message). */
function refusal(text: string, parentOrigin = PARENT, signer = SIGNER) {
  try {
    read(text, parentOrigin, signer)
  } catch (error) {
    expect(error).toBeInstanceOf(UnauthorizedError)
    const { code, message } = error as UnauthorizedError
    return { code, message }
  }
  return undefined
}

describe('readSignIn', () => {
  test("default: a message for the parent's host is a sign-in, its fields as written", () => {
    const text = message({ requestId: 'req-7', notBefore: new Date('2026-11-27T14:00:00.000Z') })
    expect(read(text)).toEqual({
      kind: 'signIn',
      domain: 'localhost:5173',
      statement: 'Sign in to the demo.',
      uri: 'http://localhost:5173',
      version: '1',
      chainId: 31337,
      nonce: 'a1b2c3d4e5f6a7b8',
      issuedAt: '2026-11-27T14:59:00.000Z',
      expirationTime: '2026-11-28T14:59:00.000Z',
      notBefore: '2026-11-27T14:00:00.000Z',
      requestId: 'req-7',
      resources: [],
      validity: 'valid',
      text,
    })
  })

  test("attack: a message for another site is refused with 4100, naming both hosts (control: the parent's own passes)", () => {
    const evil = message({ domain: 'evil.example' })
    expect(refusal(evil)).toEqual({
      code: 4100,
      message: 'This sign-in message is for evil.example, not for localhost:5173',
    })
    // Control: the same message with the parent's host in its domain line is a sign-in.
    expect(read(evil.replace('evil.example', 'localhost:5173'))).toMatchObject({ kind: 'signIn' })
  })

  test('attack: the same host on another port, or the bare host, is another site', () => {
    expect(refusal(message({ domain: 'localhost:5174' }))?.message).toBe(
      'This sign-in message is for localhost:5174, not for localhost:5173',
    )
    expect(refusal(message({ domain: 'localhost' }))?.code).toBe(4100)
    expect(refusal(message(), 'https://localhost')?.message).toBe(
      'This sign-in message is for localhost:5173, not for localhost',
    )
  })

  test("attack: a scheme written in the domain line must be the parent's (control: the same scheme passes)", () => {
    expect(refusal(message({ scheme: 'https' }))).toEqual({
      code: 4100,
      message: 'This sign-in message is for https://localhost:5173, not for http://localhost:5173',
    })
    expect(read(message({ scheme: 'http' }))).toMatchObject({ kind: 'signIn', domain: 'localhost:5173' })
  })

  test('attack: a message for another account is refused (control: the signer in any case passes)', () => {
    expect(refusal(message({ address: OTHER }))).toEqual({
      code: 4100,
      message: 'This sign-in message is for another account',
    })
    expect(read(message({ address: SIGNER }), PARENT, SIGNER.toLowerCase())).toMatchObject({ kind: 'signIn' })
  })

  test('attack: a message no parser here can read is still refused for another site, by its first line alone', () => {
    // A bell in the statement: not printable, so shown as bytes, yet a verifier's parser may accept it.
    expect(refusal(message({ domain: 'evil.example', statement: 'Hi \u0007' }))?.code).toBe(4100)
    // Missing fields, a BOM before the domain, CRLF line ends.
    expect(refusal('evil.example wants you to sign in with your Ethereum account:\nhello')?.code).toBe(4100)
    expect(refusal(`\uFEFF${message({ domain: 'evil.example' })}`)?.code).toBe(4100)
    expect(refusal(message({ domain: 'evil.example' }).replaceAll('\n', '\r\n'))?.code).toBe(4100)
    expect(refusal(`evil.example wants you to sign in with your Ethereum account:\n${OTHER}\n`)?.code).toBe(
      4100,
    )
    // Control: the parent's own malformed message is not refused; it shows as the plain message it is.
    expect(read('localhost:5173 wants you to sign in with your Ethereum account:\nhello')).toBeUndefined()
    expect(
      refusal(`localhost:5173 wants you to sign in with your Ethereum account:\n${OTHER}\n`)?.message,
    ).toBe('This sign-in message is for another account')
  })

  test('default: text that is no sign-in message is not one, even quoting the words on a later line', () => {
    expect(read('Hello, Keyframe')).toBeUndefined()
    expect(read(`Note:\n${message({ domain: 'evil.example' })}`)).toBeUndefined()
  })

  test('behavior: an expired message and one not valid yet say so', () => {
    expect(read(message({ expirationTime: new Date(NOW - 1000) }))).toMatchObject({ validity: 'expired' })
    expect(read(message({ expirationTime: undefined }))).toMatchObject({ validity: 'valid' })
    expect(read(message({ notBefore: new Date(NOW + 60_000) }))).toMatchObject({ validity: 'notYetValid' })
  })

  test('default: a message without a statement (two blank lines after the address) is a sign-in with none', () => {
    const details = read(message({ statement: undefined }))
    expect(details).toMatchObject({ kind: 'signIn', nonce: 'a1b2c3d4e5f6a7b8' })
    expect(details).not.toHaveProperty('statement')
  })

  test('behavior: resources are listed, a ReCap with its ERC-5573 sentence', () => {
    const recap = `urn:recap:${btoa(JSON.stringify({ att: { 'https://api.example': { 'tx/send': [{}] } } })).replace(/=+$/, '')}`
    const details = read(message({ resources: ['https://docs.example/terms', recap] }))
    expect(details?.resources).toEqual([
      { uri: 'https://docs.example/terms' },
      {
        uri: recap,
        recap:
          "I further authorize the stated URI to perform the following actions on my behalf: (1) 'tx': 'send' for 'https://api.example'.",
      },
    ])
  })

  test("behavior: a ReCap's sentence on the screen reads as the statement ends, in the ReCap's order, not sorted", () => {
    // An encoder that does not sort (mailto before https): ERC-5573's verifier compares the statement in this order.
    const json = JSON.stringify({
      att: { 'mailto:me@example.com': { 'msg/send': [{}] }, 'https://api.example': { 'tx/send': [{}] } },
    })
    const uri = `urn:recap:${Buffer.from(json).toString('base64url')}`
    const sentence =
      "I further authorize the stated URI to perform the following actions on my behalf: (1) 'msg': 'send' for 'mailto:me@example.com'. (2) 'tx': 'send' for 'https://api.example'."
    const details = read(message({ statement: `Sign in to the demo. ${sentence}`, resources: [uri] }))
    expect(details?.resources).toEqual([{ uri, recap: sentence }])
    expect(details?.kind === 'signIn' && details.statement?.endsWith(sentence)).toBe(true)
  })

  test('behavior: a ReCap that does not decode is listed as its URI, the sign-in still shown', () => {
    const broken = `urn:recap:${Buffer.from('{"att":{}}').toString('base64url')}`
    expect(read(message({ resources: [broken, 'urn:recap:A'] }))?.resources).toEqual([
      { uri: broken },
      { uri: 'urn:recap:A' },
    ])
  })
})
