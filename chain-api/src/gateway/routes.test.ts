import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@keyframe/dev-fixtures'
import { testBackends } from '@keyframe/server-kit/testing'
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLogger } from '../logger.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { GATEWAY_METHODS } from './allowlist.ts'
import { gatewayModule } from './module.ts'
import { createUpstream } from './upstream.ts'

const NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const KNOWN_OP = `0x${'ab'.repeat(32)}`
const RECEIPT = { userOpHash: KNOWN_OP, entryPoint: ENTRY_POINT, success: true, actualGasUsed: '0x5208' }

/**
 * A small JSON-RPC server standing in for an ERC-4337 bundler (the dev stack has none yet): it knows one
 * user operation, lists one entry point, and records the methods it was asked. `status` other than 200 makes
 * it answer every request with that status (a bundler that is down).
 */
async function startBundlerStandIn(
  status = 200,
): Promise<{ url: string; methods: string[]; close(): Promise<void> }> {
  const methods: string[] = []
  const answer = (call: { id?: unknown; method?: string; params?: unknown[] }) => {
    methods.push(String(call.method))
    const base = { jsonrpc: '2.0', id: call.id ?? null }
    if (call.method === 'eth_getUserOperationReceipt')
      return { ...base, result: call.params?.[0] === KNOWN_OP ? RECEIPT : null }
    if (call.method === 'eth_supportedEntryPoints') return { ...base, result: [ENTRY_POINT] }
    return { ...base, error: { code: -32601, message: 'Method not found' } }
  }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      if (status !== 200) {
        response.writeHead(status, { 'content-type': 'text/plain' }).end('bundler down')
        return
      }
      const call = JSON.parse(body)
      const result = Array.isArray(call) ? call.map(answer) : answer(call)
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () => closeServer(server),
  }
}

/**
 * A node's front door that records the exact bytes of every request it gets and passes them to `target`
 * (anvil), answering with anvil's answer: what the gateway forwards, seen on the wire.
 */
async function startRecorder(
  target: string,
): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push(body)
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response
        .writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        })
        .end(await answer.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => closeServer(server),
  }
}

/**
 * The methods a node may read from request bytes: every member named "method" in any letter case, as
 * Go's encoding/json matches names (case-insensitively, the last one winning) and other parsers keep the
 * first of two duplicates.
 */
const methodsIn = (bytes: string) => [...bytes.matchAll(/"method"\s*:\s*"([^"]*)"/gi)].map((m) => m[1])

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

/** A port nothing listens on (taken, then released). */
async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await closeServer(server)
  return port
}

async function rpc(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.json()
}

const call = (id: number | string | null, method: string, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

describe.each(testBackends())('RPC gateway (%s)', (backend) => {
  let anvil: Anvil
  let bundler: Awaited<ReturnType<typeof startBundlerStandIn>>
  let brokenBundler: Awaited<ReturnType<typeof startBundlerStandIn>>
  let recorder: Awaited<ReturnType<typeof startRecorder>>
  let api: TestChainApi
  const warnings: string[] = []
  // The clock of chain-api; it starts on a second boundary so that windows and Retry-After are exact.
  let t = Math.ceil(Date.now() / 1000) * 1000
  const TIGHT = { id: 'tight', origin: 'https://tight.test' }

  beforeAll(async () => {
    ;[anvil, bundler, brokenBundler] = await Promise.all([
      startAnvil({ chainId: 31337 }),
      startBundlerStandIn(),
      startBundlerStandIn(503),
    ])
    recorder = await startRecorder(anvil.rpcUrl)
    api = await startTestChainApi({
      backend,
      modules: [gatewayModule],
      now: () => new Date(t),
      logger: createLogger({
        write: (line) => {
          if (line.includes('"level":"warn"') || line.includes('"level":"error"')) warnings.push(line)
        },
      }),
      config: {
        chains: [
          { id: 31337, name: 'Local', rpcUrl: anvil.rpcUrl, nativeCurrency: NATIVE, bundlerUrl: bundler.url },
          { id: 31338, name: 'Down', rpcUrl: `http://127.0.0.1:${await deadPort()}`, nativeCurrency: NATIVE },
          {
            id: 31339,
            name: 'Bundler down',
            rpcUrl: anvil.rpcUrl,
            nativeCurrency: NATIVE,
            bundlerUrl: brokenBundler.url,
          },
          { id: 31340, name: 'Node down', rpcUrl: brokenBundler.url, nativeCurrency: NATIVE },
          { id: 31341, name: 'Recorded', rpcUrl: recorder.url, nativeCurrency: NATIVE },
        ],
        projects: [
          {
            id: 'test-project',
            allowedOrigins: ['https://dapp.test'],
            rpcRateLimit: { max: 100_000, windowMs: 1000 },
          },
          { id: TIGHT.id, allowedOrigins: [TIGHT.origin], rpcRateLimit: { max: 3, windowMs: 1000 } },
        ],
      },
    })
  }, 60_000)
  afterAll(async () => {
    await api?.close()
    await Promise.all([anvil?.close(), bundler?.close(), brokenBundler?.close(), recorder?.close()])
  })

  /** POSTs to the gateway as a dApp page would, and checks every answer against openapi.yaml. */
  const post = async (
    body: unknown,
    query: Record<string, string | undefined> = {},
    origin?: string | null,
  ) => {
    const response = await api.post(
      '/v1/',
      body,
      { st: undefined, sv: undefined, chainId: 'eip155:31337', ...query },
      { origin },
    )
    await expectMatchesSpec('post', '/v1/', response)
    return response
  }
  const gatewayUrl = (chainId = 'eip155:31337') => `${api.url}/v1/?chainId=${chainId}&projectId=test-project`
  const blockNumber = async () => (await rpc(anvil.rpcUrl, call(1, 'eth_blockNumber'))) as { result: string }

  test('default: one call is answered by the node', async () => {
    const response = await post(call(1, 'eth_chainId'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('access-control-allow-origin')).toBe('https://dapp.test')
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
  })

  test("behavior: the node's answers pass through unchanged, errors included", async () => {
    for (const body of [
      call(5, 'eth_getBalance', [DEV_ACCOUNTS[0], 'latest']),
      call('q', 'eth_getBlockByNumber', ['not-a-block', false]),
      [
        call(1, 'eth_chainId'),
        call(2, 'eth_blockNumber'),
        call(3, 'eth_getTransactionCount', [DEV_ACCOUNTS[1], 'latest']),
      ],
    ]) {
      const direct = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(await (await post(body)).text()).toBe(await direct.text())
    }
  })

  test('default: a batch is answered in order', async () => {
    const response = await post([
      call(1, 'eth_chainId'),
      call(2, 'net_version'),
      call(3, 'eth_getCode', [DEV_ACCOUNTS[0], 'latest']),
    ])
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, result: '31337' },
      { jsonrpc: '2.0', id: 3, result: '0x' },
    ])
  })

  test('behavior: a dApp sends ETH with viem through the gateway (reads, fees, raw transaction, receipt)', async () => {
    const chain = defineChain({
      id: 31337,
      name: 'Local',
      nativeCurrency: NATIVE,
      rpcUrls: { default: { http: [gatewayUrl()] } },
    })
    const account = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 1,
    })
    const wallet = createWalletClient({ account, chain, transport: http(gatewayUrl()) })
    const client = createPublicClient({ chain, transport: http(gatewayUrl(), { batch: true }) })
    const before = await client.getBalance({ address: DEV_ACCOUNTS[2] })
    const hash = await wallet.sendTransaction({ to: DEV_ACCOUNTS[2], value: parseEther('1.5') })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: DEV_ACCOUNTS[2] })).toBe(before + parseEther('1.5'))
  })

  test("error: methods outside the allowlist are -32601 'Method not allowed' and never reach the node", async () => {
    const height = await blockNumber()
    const refused = [
      call(1, 'anvil_mine', ['0x5']),
      call(2, 'evm_mine'),
      call(3, 'anvil_setBalance', [DEV_ACCOUNTS[0], '0x1']),
      call(4, 'eth_sendTransaction', [{ from: DEV_ACCOUNTS[0], to: DEV_ACCOUNTS[1], value: '0x1' }]),
      call(5, 'personal_sign', ['0x68656c6c6f', DEV_ACCOUNTS[0]]),
      call(6, 'eth_accounts'),
    ]
    for (const body of refused) {
      const response = await post(body)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: body.id,
        error: { code: -32601, message: `Method not allowed: ${body.method}` },
      })
    }
    expect(await blockNumber()).toEqual(height)
  })

  test('behavior: a batch mixing allowed, refused and invalid items keeps order and ids', async () => {
    const height = await blockNumber()
    const response = await post([
      call(1, 'eth_chainId'),
      call(2, 'anvil_mine', ['0x1']),
      call('x', 'eth_blockNumber'),
      { jsonrpc: '2.0', id: 4 },
      call(1, 'net_version'),
      { jsonrpc: '2.0', method: 'eth_blockNumber' },
      { jsonrpc: '2.0', method: 'anvil_mine' },
      call(null, 'eth_chainId'),
    ])
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not allowed: anvil_mine' } },
      { jsonrpc: '2.0', id: 'x', result: height.result },
      { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'Invalid Request' } },
      { jsonrpc: '2.0', id: 1, result: '31337' },
      { jsonrpc: '2.0', id: null, result: '0x7a69' },
    ])
    expect(await blockNumber()).toEqual(height)
  })

  test('error: malformed JSON-RPC is answered with JSON-RPC errors', async () => {
    const cases: [unknown, unknown][] = [
      ['{"jsonrpc":"2.0",', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }],
      ['[]', { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: empty batch' } }],
      [
        { jsonrpc: '1.0', id: 9, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'Invalid Request' } },
      ],
      ['"eth_chainId"', { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }],
      [
        Array.from({ length: 101 }, (_, i) => call(i, 'eth_chainId')),
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Invalid Request: a batch holds at most 100 requests, got 101' },
        },
      ],
    ]
    for (const [body, expected] of cases) {
      const response = await post(body)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual(expected)
    }
  })

  test('behavior: a batch of 100 passes', async () => {
    const answers = (await (
      await post(Array.from({ length: 100 }, (_, i) => call(i, 'eth_chainId')))
    ).json()) as unknown[]
    expect(answers).toHaveLength(100)
    expect(answers[99]).toEqual({ jsonrpc: '2.0', id: 99, result: '0x7a69' })
  })

  test('error: an unconfigured or malformed chainId', async () => {
    const cases: [Record<string, string | undefined>, unknown][] = [
      [{ chainId: 'eip155:999' }, { code: 'unsupported_chain', message: 'Unsupported chainId: eip155:999' }],
      [
        { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
        {
          code: 'unsupported_chain',
          message: 'Unsupported chainId: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        },
      ],
      [{ chainId: '31337' }, { code: 'invalid_params', message: 'chainId: Invalid CAIP-2 network id' }],
      [{ chainId: undefined }, { code: 'invalid_params', message: 'chainId: Required' }],
    ]
    for (const [query, expected] of cases) {
      const response = await post(call(1, 'eth_chainId'), query)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(expected)
    }
  })

  test('error: the project rules (missing, unknown, origin not allowed); no Origin is allowed', async () => {
    const body = call(1, 'eth_chainId')
    let response = await post(body, { projectId: undefined })
    expect([response.status, await response.json()]).toEqual([
      400,
      { code: 'invalid_params', message: 'projectId: Required' },
    ])
    response = await post(body, { projectId: 'nobody' })
    expect([response.status, await response.json()]).toEqual([
      403,
      { code: 'invalid_key', message: 'Invalid key' },
    ])
    response = await post(body, {}, 'https://evil.test')
    expect([response.status, await response.json()]).toEqual([
      403,
      { code: 'origin_not_allowed', message: 'Origin not allowed' },
    ])
    expect((await post(body, {}, null)).status).toBe(200)
  })

  test('error: a body that is not JSON is 415', async () => {
    const response = await fetch(gatewayUrl(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(call(1, 'eth_chainId')),
    })
    await expectMatchesSpec('post', '/v1/', response)
    expect([response.status, await response.json()]).toEqual([
      415,
      { code: 'unsupported_media_type', message: 'Expected application/json' },
    ])
  })

  test('error: an unreachable node is -32603 for each forwarded call', async () => {
    let response = await post(call(7, 'eth_blockNumber'), { chainId: 'eip155:31338' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: 'Upstream unreachable: ECONNREFUSED' },
    })
    response = await post([call(1, 'eth_chainId'), call(2, 'anvil_mine')], { chainId: 'eip155:31338' })
    expect([response.status, await response.json()]).toEqual([
      200,
      [
        { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Upstream unreachable: ECONNREFUSED' } },
        { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not allowed: anvil_mine' } },
      ],
    ])
    // A node answering with an HTTP error (the stand-in that answers 503 to everything).
    response = await post(call(8, 'eth_chainId'), { chainId: 'eip155:31340' })
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32603, message: 'Upstream answered HTTP 503' },
    })
  })

  test('error: over the rate limit is 429 with Retry-After (each batch item counts), and it recovers', async () => {
    const tight = { projectId: TIGHT.id }
    expect((await post([call(1, 'eth_chainId'), call(2, 'eth_chainId')], tight, TIGHT.origin)).status).toBe(
      200,
    )
    t += 400
    expect((await post(call(3, 'eth_chainId'), tight, TIGHT.origin)).status).toBe(200)
    const refused = await post(call(4, 'eth_chainId'), tight, TIGHT.origin)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.headers.get('access-control-expose-headers')).toBe('Retry-After')
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Please try again after 1 seconds',
    })
    // The other project is not affected.
    expect((await post(call(5, 'eth_chainId'))).status).toBe(200)
    t += 600
    const recovered = await post(
      [call(6, 'eth_chainId'), call(7, 'eth_chainId'), call(8, 'eth_chainId')],
      tight,
      TIGHT.origin,
    )
    expect(recovered.status).toBe(200)
    expect(await recovered.json()).toHaveLength(3)
    expect((await post(call(9, 'eth_chainId'), tight, TIGHT.origin)).status).toBe(429)
    t += 1000
  })

  test('attack: a smuggled method (a duplicate "method", a "Method") never reaches the node; sent on as it came, it would have', async () => {
    const recorded = { chainId: 'eip155:31341' }
    const smuggled: [string, string][] = [
      ['{"jsonrpc":"2.0","id":1,"method":"anvil_mine","method":"eth_chainId"}', 'duplicate member "method"'],
      ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","Method":"anvil_mine"}', 'unknown member "Method"'],
      ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","METHOD":"anvil_mine"}', 'unknown member "METHOD"'],
      [
        '{"jsonrpc":"2.0","id":1,"method":"anvil_mine","meth\\u006fd":"eth_chainId"}',
        'duplicate member "method"',
      ],
    ]
    const upstream = createUpstream()
    try {
      for (const [body, member] of smuggled) {
        // Control: the old checks (JSON.parse, then the allowlist on the parsed copy) pass this body, and its
        // bytes, sent on as they came, hand the node the smuggled method.
        expect(GATEWAY_METHODS.has((JSON.parse(body) as { method: string }).method), body).toBe(true)
        const before = recorder.received.length
        await upstream.post(recorder.url, body)
        expect(recorder.received.slice(before)).toEqual([body])
        expect(methodsIn(body)).toContain('anvil_mine')

        // The gateway refuses the item itself: nothing reaches the node.
        const from = recorder.received.length
        const response = await post(body, recorded)
        expect([response.status, await response.json()], body).toEqual([
          200,
          { jsonrpc: '2.0', id: 1, error: { code: -32600, message: `Invalid Request: ${member}` } },
        ])
        expect(recorder.received.slice(from)).toEqual([])
      }

      // In a batch, the smuggling item is refused and the others go, written anew without it.
      const from = recorder.received.length
      const response = await post(
        `[${smuggled[1]?.[0]},{"jsonrpc":"2.0","id":2,"method":"eth_chainId","Method":"x"},{"jsonrpc":"2.0","id":3,"method":"eth_chainId"}]`,
        recorded,
      )
      expect(await response.json()).toEqual([
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32600, message: 'Invalid Request: unknown member "Method"' },
        },
        {
          jsonrpc: '2.0',
          id: 2,
          error: { code: -32600, message: 'Invalid Request: unknown member "Method"' },
        },
        { jsonrpc: '2.0', id: 3, result: '0x7a69' },
      ])
      expect(recorder.received.slice(from)).toEqual(['[{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}]'])
    } finally {
      upstream.close()
    }
  })

  test('attack: against a real anvil, the smuggled body is answered by the gateway and mines nothing', async () => {
    const height = await blockNumber()
    for (const body of [
      '{"jsonrpc":"2.0","id":9,"method":"anvil_mine","method":"eth_blockNumber"}',
      '{"jsonrpc":"2.0","id":9,"method":"eth_blockNumber","Method":"anvil_mine"}',
    ]) {
      // Control: anvil itself is handed these bytes and answers them (its own wording, lowercase "request").
      const direct = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(await direct.json()).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32600, message: 'Invalid request' },
      })
      const answer = (await (await post(body)).json()) as { error: { message: string } }
      expect(answer.error.message).toMatch(/^Invalid Request: (duplicate|unknown) member "(method|Method)"$/)
    }
    expect(await blockNumber()).toEqual(height)
  })

  test('behavior: the node gets the checked request written anew, not the bytes sent', async () => {
    const from = recorder.received.length
    const response = await post(
      ' { "params" : [ ] ,\n "method" : "eth_chainId", "id" : 7, "jsonrpc" : "2.0" } ',
      { chainId: 'eip155:31341' },
    )
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
    expect(recorder.received.slice(from)).toEqual([
      '{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}',
    ])
  })

  test('behavior: notifications only get no answer (204, no body) and log nothing', async () => {
    const recorded = { chainId: 'eip155:31341' }
    const note = (method: string) => ({ jsonrpc: '2.0', method })
    const warned = warnings.length
    const from = recorder.received.length
    for (const body of [
      note('eth_chainId'),
      [note('eth_chainId'), note('eth_blockNumber')],
      // Some go, some are refused here: still nothing to answer.
      [note('eth_chainId'), note('anvil_mine')],
      [note('anvil_mine')],
    ]) {
      const response = await post(body, recorded)
      expect([response.status, await response.text()], JSON.stringify(body)).toEqual([204, ''])
    }
    expect(recorder.received.slice(from)).toEqual([
      '{"jsonrpc":"2.0","method":"eth_chainId"}',
      '[{"jsonrpc":"2.0","method":"eth_chainId"},{"jsonrpc":"2.0","method":"eth_blockNumber"}]',
      '[{"jsonrpc":"2.0","method":"eth_chainId"}]',
    ])
    expect(warnings.slice(warned)).toEqual([])
  })

  test('error: a batch over 100 reads "at most 100" even when the project is out of calls (checked before the limit)', async () => {
    const tight = { projectId: TIGHT.id }
    t += 1000
    expect(
      (
        await post(
          [call(1, 'eth_chainId'), call(2, 'eth_chainId'), call(3, 'eth_chainId')],
          tight,
          TIGHT.origin,
        )
      ).status,
    ).toBe(200)
    expect((await post(call(4, 'eth_chainId'), tight, TIGHT.origin)).status).toBe(429)
    // 10,000 items in 20 kB (the body limit is 64 kB).
    const response = await post(`[${Array(10_000).fill('0').join(',')}]`, tight, TIGHT.origin)
    expect([response.status, await response.json()]).toEqual([
      200,
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a batch holds at most 100 requests, got 10000' },
      },
    ])
    t += 1000
    expect((await post(call(5, 'eth_chainId'), tight, TIGHT.origin)).status).toBe(200)
    t += 1000
  })

  describe('bundler passthrough', () => {
    const postBundler = async (body: unknown, query: Record<string, string | undefined> = {}) => {
      const response = await api.post('/v1/bundler', body, {
        st: undefined,
        sv: undefined,
        chainId: 'eip155:31337',
        bundler: 'pimlico',
        ...query,
      })
      await expectMatchesSpec('post', '/v1/bundler', response)
      return response
    }

    test('default: eth_getUserOperationReceipt reaches the chain’s bundler', async () => {
      let response = await postBundler(call(1, 'eth_getUserOperationReceipt', [KNOWN_OP]))
      expect([response.status, await response.json()]).toEqual([
        200,
        { jsonrpc: '2.0', id: 1, result: RECEIPT },
      ])
      response = await postBundler([
        call(1, 'eth_getUserOperationReceipt', [`0x${'cd'.repeat(32)}`]),
        call(2, 'eth_supportedEntryPoints'),
      ])
      expect(await response.json()).toEqual([
        { jsonrpc: '2.0', id: 1, result: null },
        { jsonrpc: '2.0', id: 2, result: [ENTRY_POINT] },
      ])
    })

    test('error: methods other than the bundler’s are refused and not forwarded', async () => {
      const asked = bundler.methods.length
      const response = await postBundler(call(3, 'eth_sendTransaction', [{}]))
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32601, message: 'Method not allowed: eth_sendTransaction' },
      })
      expect(bundler.methods.length).toBe(asked)
    })

    test("error: a chain without a bundler is 400 'No bundler for chainId: …'", async () => {
      const response = await postBundler(call(1, 'eth_getUserOperationReceipt', [KNOWN_OP]), {
        chainId: 'eip155:31338',
      })
      expect([response.status, await response.json()]).toEqual([
        400,
        { code: 'no_bundler', message: 'No bundler for chainId: eip155:31338' },
      ])
      const unknown = await postBundler(call(1, 'eth_supportedEntryPoints'), { chainId: 'eip155:1' })
      expect([unknown.status, await unknown.json()]).toEqual([
        400,
        { code: 'unsupported_chain', message: 'Unsupported chainId: eip155:1' },
      ])
    })

    test("error: a bundler answering non-OK is 502 'Failed to fetch user operation receipt - {status}'", async () => {
      const response = await postBundler(call(1, 'eth_getUserOperationReceipt', [KNOWN_OP]), {
        chainId: 'eip155:31339',
      })
      expect([response.status, await response.json()]).toEqual([
        502,
        { code: 'bundler_error', message: 'Failed to fetch user operation receipt - 503' },
      ])
    })
  })
})
