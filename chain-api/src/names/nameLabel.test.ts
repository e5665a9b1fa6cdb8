import { describe, expect, test } from 'vitest'
import { nameLabel } from './nameLabel.ts'

const SUFFIX = '.keyframe.id'

describe('nameLabel', () => {
  test('default', () => {
    expect(nameLabel('alice.keyframe.id', SUFFIX)).toBe('alice')
  })

  test('behavior: a bare label and any case name the same label', () => {
    expect(['alice', 'ALICE', 'Alice.Keyframe.ID', 'my-name-2'].map((n) => nameLabel(n, SUFFIX))).toEqual([
      'alice',
      'alice',
      'alice',
      'my-name-2',
    ])
  })

  test('behavior: names of other zones and labels breaking the rule are not names of this registry', () => {
    expect(
      [
        'alice.eth',
        'alice.reown.id',
        'abc',
        'abc.keyframe.id',
        'al_ice',
        'a.b.keyframe.id',
        'x'.repeat(64),
      ].map((n) => nameLabel(n, SUFFIX)),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined])
    expect(nameLabel('x'.repeat(63), SUFFIX)).toBe('x'.repeat(63))
  })
})
