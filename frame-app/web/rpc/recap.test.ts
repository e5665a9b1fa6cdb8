import { describe, expect, test } from 'vitest'
import { recapSentence } from './recap.ts'

const encode = (value: unknown) =>
  `urn:recap:${btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`

describe('recapSentence', () => {
  test("default: ERC-5573's own example reads as the EIP's sentence", () => {
    const recap = {
      att: {
        'https://example.com/pictures/': { 'crud/delete': [{}], 'crud/update': [{}], 'other/action': [{}] },
        'mailto:username@example.com': {
          'msg/receive': [{ max_count: 5, templates: ['newsletter', 'marketing'] }],
          'msg/send': [{ to: 'someone@email.com' }, { to: 'joe@email.com' }],
        },
      },
      prf: ['bafybeigk7ly3pog6uupxku3b6bubirr434ib6tfaymvox6gotaaaaaaaaa'],
    }
    expect(recapSentence(encode(recap))).toBe(
      'I further authorize the stated URI to perform the following actions on my behalf: ' +
        "(1) 'crud': 'delete', 'update' for 'https://example.com/pictures/'. " +
        "(2) 'other': 'action' for 'https://example.com/pictures/'. " +
        "(3) 'msg': 'receive', 'send' for 'mailto:username@example.com'.",
    )
  })

  test('behavior: padded base64url reads the same', () => {
    const value = { att: { 'https://ab.example': { 'x/y': [{}] } } }
    const padded = `urn:recap:${btoa(JSON.stringify(value))}`
    expect(padded.endsWith('=')).toBe(true)
    expect(recapSentence(padded)).toMatch(/for 'https:\/\/ab.example'\.$/)
    expect(recapSentence(padded)).toBe(recapSentence(encode(value)))
  })

  test('error: not a ReCap, bad base64, bad JSON, a wrong shape or nothing granted is null', () => {
    expect(recapSentence('https://example.com')).toBeNull()
    expect(recapSentence('urn:recap:%%%')).toBeNull()
    expect(recapSentence(`urn:recap:${btoa('{not json')}`)).toBeNull()
    expect(recapSentence(encode({ att: { 'https://a.example': { noslash: [{}] } } }))).toBeNull()
    expect(recapSentence(encode({ att: { 'https://a.example': { 'x/y': 'all' } } }))).toBeNull()
    expect(recapSentence(encode({ att: {} }))).toBeNull()
  })
})
