import { expect, test } from 'vitest'
import { encodeRecap, parseRecap, RecapError, readRecap, recapStatement, withRecap } from './recap.ts'

// The vectors of ERC-5573 itself (its SIWE message example, and its Details Object example with `prf`).
const ERC_MESSAGE_RECAP =
  'urn:recap:eyJhdHQiOnsiaHR0cHM6Ly9leGFtcGxlLmNvbSI6eyJleGFtcGxlL2FwcGVuZCI6W10sImV4YW1wbGUvcmVhZCI6W10sIm90aGVyL2FjdGlvbiI6W119LCJteTpyZXNvdXJjZTp1cmkuMSI6eyJleGFtcGxlL2FwcGVuZCI6W10sImV4YW1wbGUvZGVsZXRlIjpbXX0sIm15OnJlc291cmNlOnVyaS4yIjp7ImV4YW1wbGUvYXBwZW5kIjpbXX0sIm15OnJlc291cmNlOnVyaS4zIjp7ImV4YW1wbGUvYXBwZW5kIjpbXX19LCJwcmYiOltdfQ'
const ERC_MESSAGE_STATEMENT =
  "I further authorize the stated URI to perform the following actions on my behalf: (1) 'example': 'append', 'read' for 'https://example.com'. (2) 'other': 'action' for 'https://example.com'. (3) 'example': 'append', 'delete' for 'my:resource:uri.1'. (4) 'example': 'append' for 'my:resource:uri.2'. (5) 'example': 'append' for 'my:resource:uri.3'."
const ERC_DETAILS_RECAP =
  'urn:recap:eyJhdHQiOnsiaHR0cHM6Ly9leGFtcGxlLmNvbS9waWN0dXJlcy8iOnsiY3J1ZC9kZWxldGUiOlt7fV0sImNydWQvdXBkYXRlIjpbe31dLCJvdGhlci9hY3Rpb24iOlt7fV19LCJtYWlsdG86dXNlcm5hbWVAZXhhbXBsZS5jb20iOnsibXNnL3JlY2VpdmUiOlt7Im1heF9jb3VudCI6NSwidGVtcGxhdGVzIjpbIm5ld3NsZXR0ZXIiLCJtYXJrZXRpbmciXX1dLCJtc2cvc2VuZCI6W3sidG8iOiJzb21lb25lQGVtYWlsLmNvbSJ9LHsidG8iOiJqb2VAZW1haWwuY29tIn1dfX0sInByZiI6WyJ6ZGo3V2o2Rk5TNHJVVWJzaUp2amp4Y3NOcVpkRENTaVlSOHNLUVhmb1BmcFNadUF3Il19'
const ERC_DETAILS_STATEMENT =
  "I further authorize the stated URI to perform the following actions on my behalf: (1) 'crud': 'delete', 'update' for 'https://example.com/pictures/'. (2) 'other': 'action' for 'https://example.com/pictures/'. (3) 'msg': 'receive', 'send' for 'mailto:username@example.com'."

test('default: ERC-5573 message vector — parsed, restated in its words, encoded back byte for byte', () => {
  const recap = parseRecap(ERC_MESSAGE_RECAP)
  expect(recap.att['my:resource:uri.1']).toEqual({ 'example/append': [], 'example/delete': [] })
  expect(recapStatement(recap.att)).toBe(ERC_MESSAGE_STATEMENT)
  expect(encodeRecap(recap.att)).toBe(ERC_MESSAGE_RECAP)
})

test('default: ERC-5573 details vector with restrictions and a proof', () => {
  const recap = parseRecap(ERC_DETAILS_RECAP)
  expect(recap.prf).toEqual(['zdj7Wj6FNS4rUUbsiJvjjxcsNqZdDCSiYR8sKQXfoPfpSZuAw'])
  expect(recap.att['mailto:username@example.com']?.['msg/receive']).toEqual([
    { max_count: 5, templates: ['newsletter', 'marketing'] },
  ])
  expect(recapStatement(recap.att)).toBe(ERC_DETAILS_STATEMENT)
  expect(encodeRecap(recap.att, recap.prf)).toBe(ERC_DETAILS_RECAP)
})

test('behavior: encodeRecap orders keys at every level, so the same grant gives the same URI', () => {
  const unordered = encodeRecap({
    'mailto:username@example.com': { 'msg/send': [{ to: 'a@example.com', cc: 'b@example.com' }] },
    'https://example.com/pictures/': { 'crud/update': [{}], 'crud/delete': [{}] },
  })
  expect(parseRecap(unordered).att).toMatchInlineSnapshot(`
    {
      "https://example.com/pictures/": {
        "crud/delete": [
          {},
        ],
        "crud/update": [
          {},
        ],
      },
      "mailto:username@example.com": {
        "msg/send": [
          {
            "cc": "b@example.com",
            "to": "a@example.com",
          },
        ],
      },
    }
  `)
  expect(Object.keys(parseRecap(unordered).att)).toEqual([
    'https://example.com/pictures/',
    'mailto:username@example.com',
  ])
})

test('behavior: non-ASCII restrictions round-trip (UTF-8, not Latin-1)', () => {
  const uri = encodeRecap({ 'https://example.com': { 'note/write': [{ title: 'Grüße 🚀' }] } })
  expect(parseRecap(uri).att['https://example.com']?.['note/write']).toEqual([{ title: 'Grüße 🚀' }])
})

test('behavior: a padded ReCap (a lenient encoder) reads as the unpadded one, so the frame can show its grant', () => {
  const padded = `urn:recap:${Buffer.from('{"att":{"https://ab.example":{"x/y":[{}]}}}').toString('base64')}`
  expect(padded).toMatch(/=$/)
  expect(parseRecap(padded)).toEqual(parseRecap(padded.replace(/=+$/, '')))
  expect(recapStatement(parseRecap(padded).att)).toMatch(/'x': 'y' for 'https:\/\/ab.example'\.$/)
})

test("behavior: the sentence follows the ReCap's own order (ERC-5573's verification compares it so), not a sorted one", () => {
  // Written by an encoder that does not sort: mailto before https, update before delete.
  const json = JSON.stringify({
    att: {
      'mailto:username@example.com': { 'msg/send': [{}] },
      'https://example.com/pictures/': { 'crud/update': [{}], 'crud/delete': [{}] },
    },
  })
  const uri = `urn:recap:${Buffer.from(json).toString('base64url')}`
  const statement =
    "I further authorize the stated URI to perform the following actions on my behalf: (1) 'msg': 'send' for 'mailto:username@example.com'. (2) 'crud': 'update', 'delete' for 'https://example.com/pictures/'."
  expect(recapStatement(parseRecap(uri).att)).toBe(statement)
  expect(readRecap({ statement, resources: [uri] })?.att).toEqual(JSON.parse(json).att)
  // Control: the sorted sentence (a wallet that sorts) is not what this message states.
  const sorted =
    "I further authorize the stated URI to perform the following actions on my behalf: (1) 'crud': 'delete', 'update' for 'https://example.com/pictures/'. (2) 'msg': 'send' for 'mailto:username@example.com'."
  expect(() => readRecap({ statement: sorted, resources: [uri] })).toThrow(
    'The statement does not end with what the ReCap grants',
  )
})

test('error: what is not an ERC-5573 ReCap', () => {
  const encode = (json: string) => `urn:recap:${Buffer.from(json).toString('base64url')}`
  expect(() => parseRecap('urn:other:abc')).toThrow(RecapError)
  expect(() => parseRecap('urn:recap:not base64!')).toThrow('The ReCap is not base64url')
  // 4n + 1 characters decode to nothing: a RecapError too (the verifier's 'malformed'), not atob's DOMException.
  expect(() => parseRecap('urn:recap:A')).toThrow(RecapError)
  expect(() => parseRecap(encode('{"att":'))).toThrow('The ReCap is not base64url JSON')
  expect(() => parseRecap(encode('{"att":{}}'))).toThrow(RecapError)
  expect(() => parseRecap(encode('{"att":{"https://a.example":{"read":[]}}}'))).toThrow(RecapError)
  expect(() => parseRecap(encode('{"att":{"no-scheme":{"crud/read":[]}}}'))).toThrow(RecapError)
  expect(() => parseRecap(encode('{"att":{"https://a.example":{"crud/read":["x"]}}}'))).toThrow(RecapError)
  expect(() => parseRecap(encode('{"att":{"https://a.example":{"crud/read":"all"}}}'))).toThrow(RecapError)
  expect(() => encodeRecap({ 'https://a.example': { 'crud read': [{}] } })).toThrow(RecapError)
  // Control: the same shape with a valid ability string parses.
  expect(parseRecap(encode('{"att":{"https://a.example":{"crud/read":[{}]}}}')).att).toEqual({
    'https://a.example': { 'crud/read': [{}] },
  })
})

test('default: withRecap appends the sentence to the statement and the URI as the last resource', () => {
  const fields = withRecap(
    { statement: 'Sign in to Example.', resources: ['https://example.com/terms'] },
    { 'https://api.example.com': { 'crud/read': [{}] } },
  )
  expect(fields.statement).toBe(
    "Sign in to Example. I further authorize the stated URI to perform the following actions on my behalf: (1) 'crud': 'read' for 'https://api.example.com'.",
  )
  expect(fields.resources[0]).toBe('https://example.com/terms')
  expect(readRecap(fields)?.att).toEqual({ 'https://api.example.com': { 'crud/read': [{}] } })
  expect(() => withRecap(fields, { 'https://api.example.com': { 'crud/write': [{}] } })).toThrow(
    'A message carries at most one ReCap',
  )
})

test('behavior: readRecap holds a message to ERC-5573 — the statement must grant in words what the ReCap grants', () => {
  const granted = withRecap({}, { 'https://api.example.com': { 'crud/read': [{}] } })
  expect(readRecap({ statement: 'Hello', resources: ['https://example.com'] })).toBeUndefined()
  expect(readRecap(granted)?.att).toEqual({ 'https://api.example.com': { 'crud/read': [{}] } })
  // A ReCap granting more than the words say (crud/delete slipped in beside the read the person reads).
  const wider = encodeRecap({ 'https://api.example.com': { 'crud/delete': [{}], 'crud/read': [{}] } })
  expect(() => readRecap({ statement: granted.statement, resources: [wider] })).toThrow(
    'The statement does not end with what the ReCap grants',
  )
  expect(() =>
    readRecap({ statement: granted.statement, resources: [...granted.resources, 'https://x.example'] }),
  ).toThrow('The ReCap must be the last resource')
  expect(() =>
    readRecap({ statement: granted.statement, resources: [...granted.resources, ...granted.resources] }),
  ).toThrow('The ReCap must be the last resource')
})
