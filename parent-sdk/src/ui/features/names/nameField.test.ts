import { describe, expect, test } from 'vitest'
import { labelError, labelOf, readSuggestions, suffixOf } from './nameField.ts'

const RULE = 'Name must be at least 4 characters and use only letters, digits and hyphens'

describe('labelError (SPEC §5: letters, digits, hyphens, at least 4)', () => {
  test.each(['alice', 'Bob-1', 'abcd', '1234', 'a-b-'])('behavior: %s can be registered', (label) => {
    expect(labelError(label)).toBeUndefined()
  })
  test.each(['bob', 'bob smith', 'ali_ce', 'alice.eth', 'émile', ' alice'])(
    'error: %j breaks the rule',
    (label) => {
      expect(labelError(label)).toBe(RULE)
    },
  )
  test('boundary: nothing typed says nothing yet; 63 characters pass, 64 do not', () => {
    expect(labelError('')).toBeUndefined()
    expect(labelError('a'.repeat(63))).toBeUndefined()
    expect(labelError('a'.repeat(64))).toBe('Name must be at most 63 characters')
  })
})

describe('the suffix and the suggestions', () => {
  const answer = [
    { name: 'alice.keyframe.id', registered: true },
    { name: 'alice-1.keyframe.id', registered: false },
    { name: 'alice-2.keyframe.id', registered: false },
  ]
  test('behavior: the registry’s suffix is read from its names, and dropped when typed too', () => {
    expect(suffixOf(answer)).toBe('.keyframe.id')
    expect(suffixOf([])).toBeUndefined()
    expect(labelOf('Alice.KEYFRAME.id', '.keyframe.id')).toBe('Alice')
    expect(labelOf('alice.eth', '.keyframe.id')).toBe('alice.eth')
    expect(labelOf('alice.keyframe.id', undefined)).toBe('alice.keyframe.id')
  })
  test('behavior: the typed name taken, whatever its case; the free variants offered instead', () => {
    expect(readSuggestions('Alice', answer)).toEqual({
      taken: true,
      variants: ['alice-1.keyframe.id', 'alice-2.keyframe.id'],
    })
    expect(readSuggestions('alice', [{ name: 'alice.keyframe.id', registered: false }])).toEqual({
      taken: false,
      variants: [],
    })
  })
  test('boundary: a label chain-api did not answer for (it answered for its cleaned form) is neither free nor taken', () => {
    expect(readSuggestions('bob smith', [{ name: 'bobsmith.keyframe.id', registered: false }])).toEqual({
      taken: undefined,
      variants: ['bobsmith.keyframe.id'],
    })
  })
})
