import { describe, expect, test } from 'vitest'
import { GATEWAY_METHODS } from './allowlist.ts'
import { applyAllowlist, parseJsonRpc } from './jsonRpc.ts'

describe('parseJsonRpc', () => {
  test('default: one request', () => {
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":7,"method":"eth_blockNumber","params":[]}')).toEqual({
      kind: 'single',
      count: 1,
      item: { ok: true, request: { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] } },
    })
  })

  test('behavior: a batch counts each item, and a bad item is answered alone', () => {
    const payload = parseJsonRpc(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 'b' },
        42,
        { jsonrpc: '1.0', id: 3, method: 'eth_chainId' },
      ]),
    )
    expect(payload).toEqual({
      kind: 'batch',
      count: 4,
      items: [
        { ok: true, request: { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' } },
        {
          ok: false,
          response: { jsonrpc: '2.0', id: 'b', error: { code: -32600, message: 'Invalid Request' } },
        },
        {
          ok: false,
          response: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
        },
        {
          ok: false,
          response: { jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'Invalid Request' } },
        },
      ],
    })
  })

  test('error: not JSON is -32700', () => {
    expect(parseJsonRpc('{"jsonrpc":')).toEqual({
      kind: 'refused',
      response: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    })
  })

  test('error: an empty batch is one -32600', () => {
    expect(parseJsonRpc('[]')).toEqual({
      kind: 'refused',
      response: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: empty batch' },
      },
    })
  })

  test('error: a batch of 101 is refused as a whole (before the rate limit: a refused payload has no count)', () => {
    const batch = Array.from({ length: 101 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    expect(parseJsonRpc(JSON.stringify(batch))).toEqual({
      kind: 'refused',
      response: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a batch holds at most 100 requests, got 101' },
      },
    })
  })

  test('error: params that are neither a list nor an object, a non-string method', () => {
    for (const body of [
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: 'x' },
      { jsonrpc: '2.0', id: 1, method: 5 },
      { jsonrpc: '2.0', id: 1, method: '' },
    ])
      expect(parseJsonRpc(JSON.stringify(body))).toMatchObject({
        kind: 'single',
        item: { ok: false, response: { id: 1, error: { code: -32600 } } },
      })
  })

  test('error: a member named twice is -32600 naming it, whichever copy JSON.parse kept', () => {
    for (const text of [
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","method":"anvil_mine"}',
      '{"jsonrpc":"2.0","id":1,"method":"anvil_mine","method":"eth_chainId"}',
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","meth\\u006fd":"anvil_mine"}',
    ])
      expect(parseJsonRpc(text), text).toEqual({
        kind: 'single',
        count: 1,
        item: {
          ok: false,
          response: {
            jsonrpc: '2.0',
            id: 1,
            error: { code: -32600, message: 'Invalid Request: duplicate member "method"' },
          },
        },
      })
  })

  test('error: an unknown member is -32600 naming it', () => {
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":"a","method":"eth_chainId","Method":"anvil_mine"}')).toEqual({
      kind: 'single',
      count: 1,
      item: {
        ok: false,
        response: {
          jsonrpc: '2.0',
          id: 'a',
          error: { code: -32600, message: 'Invalid Request: unknown member "Method"' },
        },
      },
    })
  })

  test('behavior: in a batch only the item with a duplicate or unknown member is refused', () => {
    const payload = parseJsonRpc(
      '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},' +
        '{"jsonrpc":"2.0","id":2,"method":"eth_chainId","id":3},' +
        '{"jsonrpc":"2.0","id":4,"method":"eth_call","params":[{"to":"0x1","to":"0x2"}]},' +
        '{"jsonrpc":"2.0","id":5,"method":"eth_chainId","__proto__":{}},' +
        '{"jsonrpc":"2.0","id":6,"method":"eth_blockNumber"}]',
    )
    expect(payload).toMatchObject({
      kind: 'batch',
      count: 5,
      items: [
        { ok: true, request: { id: 1 } },
        { ok: false, response: { id: 3, error: { message: 'Invalid Request: duplicate member "id"' } } },
        { ok: false, response: { id: 4, error: { message: 'Invalid Request: duplicate member "to"' } } },
        { ok: false, response: { id: 5, error: { message: 'Invalid Request: unknown member "__proto__"' } } },
        { ok: true, request: { id: 6 } },
      ],
    })
  })
})

describe('applyAllowlist', () => {
  test('default: an allowed method passes', () => {
    const item = { ok: true as const, request: { jsonrpc: '2.0' as const, id: 1, method: 'eth_call' } }
    expect(applyAllowlist(item, GATEWAY_METHODS)).toBe(item)
  })

  test("error: anvil's and signing methods are -32601 'Method not allowed: <name>'", () => {
    for (const method of [
      'anvil_setBalance',
      'eth_sendTransaction',
      'personal_sign',
      'eth_accounts',
      'debug_traceCall',
    ])
      expect(
        applyAllowlist({ ok: true, request: { jsonrpc: '2.0', id: 'x', method } }, GATEWAY_METHODS),
      ).toEqual({
        ok: false,
        response: {
          jsonrpc: '2.0',
          id: 'x',
          error: { code: -32601, message: `Method not allowed: ${method}` },
        },
      })
  })

  test('behavior: a refused notification gets no answer', () => {
    expect(
      applyAllowlist({ ok: true, request: { jsonrpc: '2.0', method: 'anvil_mine' } }, GATEWAY_METHODS),
    ).toEqual({
      ok: false,
      response: null,
    })
  })
})
