/**
 * RPC_REQUEST and SWITCH_NETWORK through `dispatch`, as the parent sends them, for a frame logged in against
 * the real server app, on the devstack's two real anvil chains (31337 and 31338, KFT and kUSD deployed).
 * Only the approval step is played by the test (the real screen needs a person: `web/approve` tests it).
 */
import { type DevChains, fund, startChains } from '@keyframe/dev-fixtures'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
  parseEther,
  parseUnits,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { type Approver, approver, frameChainOf, loggedInFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'

let harness: Harness
let dev: DevChains
let chains: FrameChain[]
let person: Approver
let frame: Awaited<ReturnType<typeof loggedInFrame>>

const node = (index = 0) => createPublicClient({ transport: http(dev.chains[index]!.rpcUrl) })
/** The account as the frame answers it to dApps: in lower case, as MetaMask answers it. */
const account = () => frame.address.toLowerCase()
const kusd = () => dev.chains[0]!.tokens.find((token) => token.symbol === 'kUSD')!

beforeAll(async () => {
  // One after the other: the chains deploy with short timeouts, and PGlite starts slowly on a busy machine.
  dev = await startChains()
  harness = await createHarness()
  chains = dev.chains.map(frameChainOf)
  person = approver()
  frame = await loggedInFrame(harness, `rpc-${crypto.randomUUID().slice(0, 8)}@example.com`, {
    chains,
    approver: person,
  })
  await fund(dev.chains, frame.address)
})
afterAll(async () => {
  await Promise.all([harness?.close(), dev?.close()])
})

/** The result of an RPC reply that must succeed. */
function result(reply: { ok: boolean; result?: unknown; error?: unknown }) {
  if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`)
  return reply.result
}

describe('safe methods', () => {
  test('default: reads are proxied to the chain node (eth_blockNumber, eth_getBalance)', async () => {
    expect(result(await frame.rpc('eth_blockNumber'))).toBe(numberToHex(await node().getBlockNumber()))
    // The faucet gave 100 ETH.
    expect(result(await frame.rpc('eth_getBalance', [frame.address, 'latest']))).toBe(
      numberToHex(parseEther('100')),
    )
    expect(result(await frame.rpc('eth_getBalance', [RECIPIENT]))).toBe('0x0')
  })

  test('default: eth_accounts and wallet_getCapabilities are answered by the frame', async () => {
    expect(result(await frame.rpc('eth_accounts'))).toEqual([account()])
    expect(result(await frame.rpc('wallet_getCapabilities', [frame.address]))).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(result(await frame.rpc('wallet_getCapabilities', [frame.address, ['0x7a6a']]))).toEqual({
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
  })

  test("error: the node's own error comes back with its code and message", async () => {
    const reply = await frame.rpc('eth_call', [
      {
        to: kusd().address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 10n ** 30n] }),
        from: RECIPIENT,
      },
    ])
    expect(reply).toMatchObject({ ok: false, error: { code: 3, message: expect.stringMatching(/revert/) } })
  })

  test('error: a chain the frame is not configured for answers 4901', async () => {
    expect(await frame.rpc('eth_blockNumber', undefined, 'eip155:1')).toEqual({
      ok: false,
      error: { code: 4901, message: 'The provider is not connected to the requested chain (eip155:1).' },
    })
  })

  test('error: an unknown method answers 4200 naming it, as do the unsafe methods not built yet', async () => {
    for (const [method, params] of [
      ['net_foo', []],
      ['wallet_grantPermissions', [{}]],
      ['eth_sendUserOperation', [{}, frame.address]],
    ] as const) {
      expect(await frame.rpc(method, params)).toEqual({
        ok: false,
        error: { code: 4200, message: `Requested RPC call is not allowed: ${method}`, data: { method } },
      })
    }
    expect(person.seen).toEqual([])
  })
})

describe('the standard reads (issue 13)', () => {
  test('default: net_version, net_listening, web3_clientVersion and eth_coinbase are answered by the frame', async () => {
    expect(result(await frame.rpc('net_version'))).toBe('31337')
    expect(result(await frame.rpc('net_version', [], 'eip155:31338'))).toBe('31338')
    expect(result(await frame.rpc('net_listening', []))).toBe(true)
    expect(result(await frame.rpc('web3_clientVersion'))).toBe('Keyframe/protocol-v1')
    expect(result(await frame.rpc('eth_coinbase'))).toBe(account())
    // The node would answer otherwise: anvil's coinbase is its own, its client version is anvil's.
    expect(await node().request({ method: 'eth_coinbase' } as never)).not.toBe(account())
  })

  test("rule: the account is answered in lower case, as MetaMask spells it, so a dApp's `===` with eth-sig-util's recovery holds", async () => {
    expect(frame.address).not.toBe(account())
    const hex = '0x6869'
    const signature = result(await frame.rpc('personal_sign', [hex, frame.address])) as Hex
    const answers = [
      ...(result(await frame.rpc('eth_accounts')) as string[]),
      result(await frame.rpc('eth_coinbase')),
      result(await frame.rpc('personal_ecRecover', [hex, signature])),
    ]
    expect(answers).toEqual([account(), account(), account()])
  })

  test('default: personal_ecRecover recovers the signer of a personal_sign, hex or text, with no approval', async () => {
    const seen = person.seen.length
    const hex = '0x68656c6c6f204b65796672616d65'
    const signature = result(await frame.rpc('personal_sign', [hex, frame.address])) as Hex
    expect(result(await frame.rpc('personal_ecRecover', [hex, signature]))).toBe(account())
    expect(result(await frame.rpc('personal_ecRecover', ['hello Keyframe', signature]))).toBe(account())
    // Another message: another signer.
    expect(result(await frame.rpc('personal_ecRecover', ['0x00', signature]))).not.toBe(account())
    expect(person.seen.length).toBe(seen + 1)
  })

  test('default: the reads of the JSON-RPC spec nodes answer are proxied (eth_createAccessList, web3_sha3)', async () => {
    const list = result(
      await frame.rpc('eth_createAccessList', [
        { from: frame.address, to: kusd().address, data: '0x06fdde03' },
      ]),
    ) as { accessList: unknown[]; gasUsed: string }
    expect(list.gasUsed).toMatch(/^0x[0-9a-f]+$/)
    expect(result(await frame.rpc('web3_sha3', ['0x68656c6c6f']))).toBe(
      '0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8',
    )
  })

  test('error: eth_subscribe and eth_sign are refused with their own error, not as unknown', async () => {
    expect(await frame.rpc('eth_subscribe', ['newHeads'])).toEqual({
      ok: false,
      error: {
        code: -32601,
        message:
          'eth_subscribe is not supported over this transport: poll with eth_newFilter and eth_getFilterChanges',
        data: { method: 'eth_subscribe' },
      },
    })
    expect(await frame.rpc('eth_sign', [frame.address, '0xdeadbeef'])).toMatchObject({
      ok: false,
      error: { code: 4200, message: expect.stringMatching(/^eth_sign is not supported: /) },
    })
  })

  test("error: a failure that is not a protocol error reaches the dApp as -32603 with the cause's message", async () => {
    person.decides(async () => {
      throw new TypeError('The approval screen could not load its module')
    })
    try {
      expect(await frame.rpc('personal_sign', ['0x01', frame.address])).toEqual({
        ok: false,
        error: { code: -32603, message: 'The approval screen could not load its module' },
      })
    } finally {
      person.decides(async () => {})
    }
  })

  test('error: bad params say which parameter, in words', async () => {
    expect(await frame.rpc('personal_ecRecover', ['0x68656c6c6f', '0x1234'])).toMatchObject({
      ok: false,
      error: {
        code: -32602,
        message:
          'Invalid params for personal_ecRecover: parameter 2 (signature) must be a 0x-prefixed 65-byte signature',
      },
    })
  })
})

describe('SWITCH_NETWORK', () => {
  test('default: eth_chainId and GET_USER follow it; CHAIN_CHANGED only when it changed', async () => {
    expect(result(await frame.rpc('eth_chainId'))).toBe('0x7a69')
    const before = frame.events.length
    expect(await frame.ok('SWITCH_NETWORK', { chainId: 31338 })).toEqual({ chainId: 'eip155:31338' })
    expect(frame.events.slice(before)).toEqual([
      { type: 'CHAIN_CHANGED', params: { chainId: 'eip155:31338' } },
    ])
    expect(result(await frame.rpc('eth_chainId'))).toBe('0x7a6a')
    expect(await frame.ok('GET_USER', {})).toMatchObject({ chainId: 'eip155:31338' })
    // Requests without a chain of their own go to the new one.
    expect(result(await frame.rpc('eth_blockNumber'))).toBe(numberToHex(await node(1).getBlockNumber()))

    expect(await frame.ok('SWITCH_NETWORK', { chainId: 'eip155:31338' })).toEqual({ chainId: 'eip155:31338' })
    expect(frame.events.slice(before)).toHaveLength(1)
    await frame.ok('SWITCH_NETWORK', { chainId: 'eip155:31337' })
    expect(result(await frame.rpc('eth_chainId'))).toBe('0x7a69')
  })

  test("error: a chain that is not configured: 'Chain is not supported', nothing changes", async () => {
    const before = frame.events.length
    expect(await frame.send('SWITCH_NETWORK', { chainId: 1 })).toEqual({
      ok: false,
      error: { code: 4902, message: 'Chain is not supported' },
    })
    expect(frame.events.slice(before)).toEqual([])
    expect(result(await frame.rpc('eth_chainId'))).toBe('0x7a69')
  })
})

describe('GET_USER { chainId }', () => {
  test('default: a configured chain moves the frame like SWITCH_NETWORK; CHAIN_CHANGED only when it changed', async () => {
    const before = frame.events.length
    expect(await frame.ok('GET_USER', { chainId: 31338 })).toMatchObject({
      address: frame.address,
      chainId: 'eip155:31338',
    })
    expect(frame.events.slice(before)).toEqual([
      { type: 'CHAIN_CHANGED', params: { chainId: 'eip155:31338' } },
    ])
    expect(result(await frame.rpc('eth_chainId'))).toBe('0x7a6a')
    // Asked again (a session update reads the user again): no event.
    expect(await frame.ok('GET_USER', { chainId: 'eip155:31338' })).toMatchObject({ chainId: 'eip155:31338' })
    expect(frame.events.slice(before)).toHaveLength(1)
    await frame.ok('GET_USER', { chainId: 'eip155:31337' })
    expect(frame.events.slice(before + 1)).toEqual([
      { type: 'CHAIN_CHANGED', params: { chainId: 'eip155:31337' } },
    ])
  })

  test('behavior: a chain the frame is not configured for still answers the user, and the frame stays where it is', async () => {
    const before = frame.events.length
    expect(await frame.ok('GET_USER', { chainId: 'eip155:1' })).toEqual({
      email: expect.any(String),
      address: frame.address,
      chainId: 'eip155:31337',
      accounts: [{ address: frame.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      userName: null,
      socialProvider: null,
    })
    expect(frame.events.slice(before)).toEqual([])
    expect(result(await frame.rpc('eth_chainId'))).toBe('0x7a69')
  })
})

describe('signing', () => {
  test('default: personal_sign, approved, verifies for the session address', async () => {
    const seen = person.seen.length
    const signature = result(
      await frame.rpc('personal_sign', ['0x68656c6c6f204b65796672616d65', frame.address]),
    ) as Hex
    expect(await verifyMessage({ address: frame.address, message: 'hello Keyframe', signature })).toBe(true)
    expect(person.seen.slice(seen).map((s) => s.details)).toEqual([
      {
        method: 'personal_sign',
        chain: { id: 31337, name: 'Keyframe Local', nativeSymbol: 'ETH' },
        account: frame.address,
        origin: 'https://ops.example',
        kind: 'message',
        text: 'hello Keyframe',
        hex: '0x68656c6c6f204b65796672616d65',
      },
    ])
    expect(person.seen.at(-1)!.context).toMatchObject({
      timeoutMs: 300_000,
      id: expect.any(String),
      hold: expect.any(Function),
    })
  })

  test('behavior: an approval step that holds its screen has it released once, by the time the reply comes', async () => {
    const release = vi.fn()
    person.decides(async (_details, context) => context.hold?.(release))
    try {
      for (const [method, params] of [
        ['personal_sign', ['0x01', frame.address]],
        ['eth_sendTransaction', [{ to: RECIPIENT, value: '0x1' }]],
      ] as const) {
        release.mockClear()
        result(await frame.rpc(method, params))
        expect(release).toHaveBeenCalledTimes(1)
      }
    } finally {
      person.decides(async () => {})
    }
  })

  test('parameters: a plain-text message is signed as its UTF-8; bytes that are not text show as null', async () => {
    const signature = result(await frame.rpc('personal_sign', ['Sign in to Example', frame.address])) as Hex
    expect(await verifyMessage({ address: frame.address, message: 'Sign in to Example', signature })).toBe(
      true,
    )
    await frame.rpc('personal_sign', ['0xff00', frame.address])
    expect(person.seen.at(-1)!.details).toMatchObject({ kind: 'message', text: null, hex: '0xff00' })
  })

  test('default: eth_signTypedData_v4 verifies with verifyTypedData', async () => {
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Keyframe Demo', chainId: 31337 },
      message: { to: RECIPIENT, contents: 'Hello', amount: '42' },
    } as const
    const signature = result(
      await frame.rpc('eth_signTypedData_v4', [frame.address, JSON.stringify(typedData)]),
    ) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: frame.address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: { ...typedData.message, amount: 42n },
        signature,
      }),
    ).toBe(true)
    expect(person.seen.at(-1)!.details).toMatchObject({
      kind: 'typedData',
      domain: typedData.domain,
      primaryType: 'Mail',
      message: typedData.message,
    })
  })

  test('error: typed data bound to another chain is refused before the approval', async () => {
    const seen = person.seen.length
    const reply = await frame.rpc('eth_signTypedData_v4', [
      frame.address,
      {
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Mail',
        domain: { chainId: 1 },
        message: { contents: 'x' },
      },
    ])
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: -32602,
        message:
          'Invalid params for eth_signTypedData_v4: parameter 2 (typed data) field domain.chainId must be 31337, the chain of the request',
      },
    })
    expect(person.seen.length).toBe(seen)
  })

  test('default: eth_sendTransaction moves ETH on the chain', async () => {
    const before = await node().getBalance({ address: RECIPIENT })
    const hash = result(
      await frame.rpc('eth_sendTransaction', [
        { from: frame.address, to: RECIPIENT, value: numberToHex(parseEther('0.5')) },
      ]),
    ) as Hex
    const receipt = await node().waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({
      status: 'success',
      from: frame.address.toLowerCase(),
      to: RECIPIENT.toLowerCase(),
    })
    expect((await node().getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.5'))
    expect(person.seen.at(-1)!.details).toMatchObject({
      method: 'eth_sendTransaction',
      kind: 'calls',
      calls: [{ to: RECIPIENT, value: '0.5' }],
      fee: expect.stringMatching(/^0\.0000\d+ ETH$/),
    })
  })

  test('default: an ERC20 transfer is shown decoded, in token units, and moves the tokens', async () => {
    const token = kusd()
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECIPIENT, parseUnits('12.5', 6)],
    })
    const hash = result(await frame.rpc('eth_sendTransaction', [{ to: token.address, data }])) as Hex
    expect(await node().waitForTransactionReceipt({ hash })).toMatchObject({ status: 'success' })
    const balance = await node().readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [RECIPIENT],
    })
    expect(balance).toBe(parseUnits('12.5', 6))
    expect(person.seen.at(-1)!.details).toMatchObject({
      kind: 'calls',
      calls: [
        {
          to: token.address,
          value: '0',
          decoded: {
            kind: 'erc20Transfer',
            token: { symbol: 'kUSD', decimals: 6, address: token.address, amount: '12.5' },
            to: RECIPIENT,
          },
        },
      ],
    })
  })

  test('parameters: an unlimited ERC20 approve is flagged; unknown calldata is shown raw', async () => {
    const token = kusd()
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [RECIPIENT, 2n ** 256n - 1n],
    })
    // One approve, and a call the frame cannot read (to an account with no code: it simply succeeds).
    result(
      await frame.rpc('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [
            { to: token.address, data: approve },
            { to: RECIPIENT, data: '0xdeadbeef' },
          ],
        },
      ]),
    )
    expect(person.seen.at(-1)!.details).toMatchObject({
      kind: 'calls',
      calls: [
        { decoded: { kind: 'erc20Approve', spender: RECIPIENT, unlimited: true, token: { symbol: 'kUSD' } } },
        { to: RECIPIENT, decoded: { kind: 'unknown', data: '0xdeadbeef' } },
      ],
    })
  })

  test('default: wallet_sendCalls sends the calls in order; wallet_getCallsStatus reaches 200 with receipts', async () => {
    const token = kusd()
    const seen = person.seen.length
    const { id } = result(
      await frame.rpc('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: frame.address,
          atomicRequired: false,
          calls: [
            { to: RECIPIENT, value: numberToHex(parseEther('0.25')) },
            {
              to: token.address,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [RECIPIENT, parseUnits('1', 6)],
              }),
            },
          ],
        },
      ]),
    ) as { id: string }
    // One approval for the batch.
    expect(person.seen.length - seen).toBe(1)
    expect(person.seen.at(-1)!.details).toMatchObject({ kind: 'calls', fee: expect.stringMatching(/ ETH$/) })
    type Status = {
      status: number
      receipts: { status: string; blockNumber: string; transactionHash: Hex }[]
    }
    // A dApp polls: the last call may still be pending (100) at the first ask, on a loaded machine.
    let status = {} as Status
    await vi.waitFor(async () => {
      status = result(await frame.rpc('wallet_getCallsStatus', [id])) as Status
      expect(status.status).not.toBe(100)
    })
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: false })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    const [first, second] = await Promise.all(
      status.receipts.map((r) => node().getTransaction({ hash: r.transactionHash })),
    )
    expect(second!.nonce).toBe(first!.nonce + 1)
  })

  test('error: wallet_sendCalls refuses atomicity, unknown required capabilities; unknown batch ids', async () => {
    const calls = [{ to: RECIPIENT, value: '0x1' }]
    expect(await frame.rpc('wallet_sendCalls', [{ atomicRequired: true, calls }])).toMatchObject({
      ok: false,
      error: { code: 5760 },
    })
    expect(
      await frame.rpc('wallet_sendCalls', [
        { calls, capabilities: { paymasterService: { url: 'https://x' } } },
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: 5700, message: 'Unsupported non-optional capability: paymasterService' },
    })
    expect(await frame.rpc('wallet_getCallsStatus', ['0x1234'])).toMatchObject({
      ok: false,
      error: { code: 5730 },
    })
  })
})

describe('refusals', () => {
  test('error: a request naming another account answers 4100 and reaches no approval', async () => {
    const seen = person.seen.length
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    for (const [method, params] of [
      ['personal_sign', ['0x00', other]],
      ['eth_signTypedData_v4', [other, '{}']],
      ['eth_sendTransaction', [{ from: other, to: RECIPIENT }]],
      ['wallet_sendCalls', [{ from: other, calls: [{ to: RECIPIENT }] }]],
    ] as const) {
      expect(await frame.rpc(method, params)).toMatchObject({ ok: false, error: { code: 4100 } })
    }
    expect(person.seen.length).toBe(seen)
  })

  test('behavior: a rejection answers 4001 and signs nothing', async () => {
    const { UserRejectedRequestError } = await import('@keyframe/protocol')
    person.decides(async () => {
      throw new UserRejectedRequestError()
    })
    try {
      const nonce = await node().getTransactionCount({ address: frame.address })
      const releases = frame.serverCalls.length
      for (const [method, params] of [
        ['personal_sign', ['0x01', frame.address]],
        ['eth_sendTransaction', [{ to: RECIPIENT, value: '0x1' }]],
        ['wallet_sendCalls', [{ calls: [{ to: RECIPIENT, value: '0x1' }] }]],
      ] as const) {
        expect(await frame.rpc(method, params)).toEqual({
          ok: false,
          error: { code: 4001, message: 'User rejected the request.' },
        })
      }
      expect(await node().getTransactionCount({ address: frame.address })).toBe(nonce)
      // The key was not even unlocked: no call to the server at all.
      expect(frame.serverCalls.length).toBe(releases)
    } finally {
      person.decides(async () => {})
    }
  })

  test('behavior: RPC_ABORT during the approval aborts it; nothing is signed even if approved after', async () => {
    let approveLate: () => void = () => {}
    let signalOf: AbortSignal | undefined
    person.decides((_details, context) => {
      signalOf = context.signal
      // A careless approval step that resolves after the abort: the RPC layer must still not sign.
      return new Promise((resolve) => {
        approveLate = resolve
      })
    })
    try {
      const nonce = await node().getTransactionCount({ address: frame.address })
      const id = crypto.randomUUID()
      const pending = frame.send(
        'RPC_REQUEST',
        { method: 'eth_sendTransaction', params: [{ to: RECIPIENT, value: '0x1' }] },
        id,
      )
      await vi.waitFor(() => expect(signalOf).toBeDefined())
      expect(await frame.ok('RPC_ABORT', { id })).toEqual({ aborted: true })
      expect(signalOf!.aborted).toBe(true)
      expect(await pending).toMatchObject({
        ok: false,
        error: { code: -32040, message: 'Request was aborted' },
      })
      approveLate()
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await node().getTransactionCount({ address: frame.address })).toBe(nonce)
    } finally {
      person.decides(async () => {})
    }
  })

  test('behavior: approved, held, then the request fails before signing (aborted meanwhile): the screen is still released, once', async () => {
    const release = vi.fn()
    let approveLate: () => void = () => {}
    let signalOf: AbortSignal | undefined
    person.decides((_details, context) => {
      signalOf = context.signal
      return new Promise((resolve) => {
        approveLate = () => {
          context.hold?.(release)
          resolve()
        }
      })
    })
    try {
      const id = crypto.randomUUID()
      const pending = frame.send(
        'RPC_REQUEST',
        { method: 'personal_sign', params: ['0x02', frame.address] },
        id,
      )
      await vi.waitFor(() => expect(signalOf).toBeDefined())
      expect(await frame.ok('RPC_ABORT', { id })).toEqual({ aborted: true })
      expect(await pending).toMatchObject({ ok: false, error: { code: -32040 } })
      approveLate()
      // The request ends (`signRequest`'s finally), however it ends: never signed, the screen goes anyway.
      await vi.waitFor(() => expect(release).toHaveBeenCalledTimes(1))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(release).toHaveBeenCalledTimes(1)
    } finally {
      person.decides(async () => {})
    }
  })
})
