import { describe, expect, test } from 'vitest'
import { nameAttributes, nameRegistrationMessage, nameRegistrationText } from './names.ts'

describe('nameRegistrationText', () => {
  test('default: the JSON of { name, attributes, timestamp }', () => {
    expect(nameRegistrationText({ name: 'alice.keyframe.id', timestamp: 1767225600 })).toBe(
      '{"name":"alice.keyframe.id","attributes":{},"timestamp":1767225600}',
    )
  })

  test('behavior: the server reads back what was signed', () => {
    const message = { name: 'alice', attributes: { avatar: 'https://example.org/a.png' }, timestamp: 1 }
    expect(nameRegistrationMessage.parse(JSON.parse(nameRegistrationText(message)))).toEqual(message)
  })
})

describe('nameRegistrationMessage', () => {
  test('error: names breaking the spec rule, timestamps that are not whole seconds', () => {
    const issues = (value: unknown) =>
      nameRegistrationMessage.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(issues({ name: 'abc', timestamp: 1 })).toEqual([
      'name: Name must be at least 4 characters and use only letters, digits and hyphens',
    ])
    expect(issues({ name: 'x'.repeat(64), timestamp: 1 })).toEqual([
      'name: Name must be at most 63 characters',
    ])
    expect(issues({ name: 'alice', timestamp: 1.5 })?.[0]).toMatch(/^timestamp: /)
  })
})

describe('nameAttributes', () => {
  test('error: too many, bad keys, an avatar that is no http(s) URL', () => {
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']))
    expect(nameAttributes.safeParse(many).error?.issues[0]?.message).toBe('At most 16 attributes')
    expect(nameAttributes.safeParse({ '1x': 'v' }).success).toBe(false)
    expect(nameAttributes.safeParse({ avatar: 'data:image/svg+xml,<svg/>' }).error?.issues[0]).toMatchObject({
      path: ['avatar'],
      message: 'Expected an http(s) URL',
    })
    expect(nameAttributes.safeParse({ avatar: 'https://example.org/a.png', bio: 'hi' }).success).toBe(true)
  })
})
