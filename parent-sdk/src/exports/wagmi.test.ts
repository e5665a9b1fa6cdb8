import { expect, test } from 'vitest'
import * as wagmi from './wagmi.ts'

test('exports', () => {
  expect(Object.keys(wagmi).sort()).toMatchInlineSnapshot(`
    [
      "keyframe",
    ]
  `)
})
