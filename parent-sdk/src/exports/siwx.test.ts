import { expect, test } from 'vitest'
import * as siwx from './siwx.ts'

test('exports', () => {
  expect(Object.keys(siwx).sort()).toMatchInlineSnapshot(`
    [
      "RecapError",
      "createSiwx",
      "createSiwxMessage",
      "encodeRecap",
      "fromSiweConfig",
      "parseRecap",
      "readRecap",
      "recapStatement",
      "withRecap",
    ]
  `)
})

test('behavior: SSR-safe — imported and configured in Node, no page touched until a message is asked for', async () => {
  expect(globalThis.window).toBeUndefined()
  const config = siwx.createSiwx({ getNonce: async () => 'n0nceFromBackend' })
  expect(await config.getSessions('eip155:1', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual([])
  await expect(
    config.createMessage({
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
    }),
  ).rejects.toThrow('createSiwx writes messages for a page: there is no `location` here')
})
