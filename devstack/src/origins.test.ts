import { expect, test } from 'vitest'
import { parseOrigins } from './origins.ts'

test('default: no flag and no variable add nothing', () => {
  expect(parseOrigins([], undefined)).toEqual([])
  expect(parseOrigins([], ' ')).toEqual([])
})

test('parameters: --origin (repeatable, also --origin=…) then KEYFRAME_ORIGINS, duplicates dropped', () => {
  expect(
    parseOrigins(
      ['--origin', 'http://localhost:3000', '--origin=https://app.example.com/'],
      'http://127.0.0.1:4000, http://localhost:3000,',
    ),
  ).toEqual(['http://localhost:3000', 'https://app.example.com', 'http://127.0.0.1:4000'])
})

test('error: a value that is not an origin names where it came from and what an origin is', () => {
  expect(() => parseOrigins(['--origin', 'localhost:3000'], undefined)).toThrowErrorMatchingInlineSnapshot(
    `[Error: --origin "localhost:3000" is not an origin: expected scheme://host[:port] with nothing after, e.g. http://localhost:3000]`,
  )
  expect(() => parseOrigins([], 'http://localhost:3000/app')).toThrowErrorMatchingInlineSnapshot(
    `[Error: KEYFRAME_ORIGINS "http://localhost:3000/app" is not an origin: expected scheme://host[:port] with nothing after, e.g. http://localhost:3000]`,
  )
  expect(() => parseOrigins(['--origin', 'ftp://files.example'], undefined)).toThrow(/is not an origin/)
  expect(() => parseOrigins(['--origin', 'http://user@localhost:3000'], undefined)).toThrow(
    /is not an origin/,
  )
})

test('error: an unknown option or a missing value is refused', () => {
  expect(() => parseOrigins(['--orign', 'http://localhost:3000'], undefined)).toThrow(
    /Unknown option '--orign'/,
  )
  expect(() => parseOrigins(['--origin'], undefined)).toThrow(/argument missing/)
})
