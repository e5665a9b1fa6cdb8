import { describe, expect, test } from 'vitest'
import { createSessionBody, sessionCreateText, sessionRevokeText } from './sessions.ts'

const account = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('sessionCreateText', () => {
  test('default', () => {
    expect(
      sessionCreateText({
        account,
        projectId: 'dev',
        permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1', to: ['0xab'] } }],
        expiry: 1767225600,
        timestamp: 1767222000,
      }),
    ).toMatchInlineSnapshot(`
      "Create a session
      Account: eip155:31337:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266
      Project: dev
      Expiry: 1767225600
      Issued at: 1767222000
      Permissions: [{"data":{"allowance":"0x1","to":["0xab"]},"type":"native-token-transfer"}]
      Policies: []"
    `)
  })

  test('behavior: key order, undefined fields and the account case do not change the text', () => {
    const base = { projectId: 'dev', expiry: 2, timestamp: 1 }
    expect(
      sessionCreateText({
        ...base,
        account,
        permissions: [{ type: 't', data: { b: 1, a: { d: null, c: [1, 'x'] } } }],
        policies: [{ type: 'p' }],
      }),
    ).toBe(
      sessionCreateText({
        ...base,
        account: account.toLowerCase(),
        permissions: [{ data: { a: { c: [1, 'x'], d: null }, b: 1, z: undefined }, type: 't' }],
        policies: [{ type: 'p', data: undefined }],
      }),
    )
  })

  test('behavior: what the server reads back from JSON gives the same text', () => {
    const body = {
      permissions: [{ type: 'erc20-token-transfer', data: { amount: 10, nested: { y: true, x: [null] } } }],
      policies: [],
      expiry: 2,
      timestamp: 1,
      signature: `0x${'11'.repeat(65)}`,
    }
    const read = createSessionBody.parse(JSON.parse(JSON.stringify(body)))
    expect(sessionCreateText({ account, projectId: 'dev', ...read })).toBe(
      sessionCreateText({ account, projectId: 'dev', ...body }),
    )
  })
})

describe('sessionRevokeText', () => {
  test('default', () => {
    expect(
      sessionRevokeText({ account, pci: 'A1B2C3D4-0000-4000-8000-000000000000' }),
    ).toMatchInlineSnapshot(`
      "Revoke a session
      Account: eip155:31337:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266
      Session: a1b2c3d4-0000-4000-8000-000000000000"
    `)
  })
})
