/**
 * eth_sendTransaction of every transaction type, through `dispatch` as the parent sends it, for a frame
 * logged in against the real server app, on real anvil nodes: one with a base fee (the latest hardfork) and
 * one without (berlin, before EIP-1559). Only the approval step is played by the test.
 */
import { type Anvil, startAnvil } from '@keyframe/dev-fixtures'
import {
  createPublicClient,
  createTestClient,
  formatEther,
  type Hex,
  http,
  keccak256,
  numberToHex,
  parseEther,
  parseGwei,
  recoverTransactionAddress,
  type Transaction,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { type Approver, approver, frameChainOf, loggedInFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const SLOT = `0x${'00'.repeat(31)}01` as const
/** The chain without a base fee, by its CAIP-2 id. */
const BERLIN = 'eip155:31339'

let harness: Harness
let anvils: { london: Anvil; berlin: Anvil }
let person: Approver
let frame: Awaited<ReturnType<typeof loggedInFrame>>

const node = (anvil: Anvil) => createPublicClient({ transport: http(anvil.rpcUrl) })

beforeAll(async () => {
  const [london, berlin] = await Promise.all([
    startAnvil({ chainId: 31337 }),
    startAnvil({ chainId: 31339, hardfork: 'berlin' }),
  ])
  anvils = { london, berlin }
  harness = await createHarness()
  person = approver()
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  frame = await loggedInFrame(harness, `tx-${crypto.randomUUID().slice(0, 8)}@example.com`, {
    chains: [
      frameChainOf({ chainId: 31337, name: 'Local', rpcUrl: london.rpcUrl, nativeCurrency }),
      frameChainOf({ chainId: 31339, name: 'Local Berlin', rpcUrl: berlin.rpcUrl, nativeCurrency }),
    ],
    approver: person,
  })
  for (const anvil of [london, berlin])
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({
      address: frame.address,
      value: parseEther('10'),
    })
})
afterAll(async () => {
  await Promise.all([harness?.close(), anvils?.london.close(), anvils?.berlin.close()])
})

/**
 * Sends `tx` through the frame (approved) and reads back what the node mined: the receipt, the transaction,
 * its raw signed bytes and what the approval screen showed.
 */
async function sent(tx: Record<string, unknown>, chainId?: string) {
  const anvil = chainId === BERLIN ? anvils.berlin : anvils.london
  const reply = await frame.rpc('eth_sendTransaction', [tx], chainId)
  if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`)
  const hash = reply.result as Hex
  const receipt = await node(anvil).waitForTransactionReceipt({ hash })
  const onChain = await node(anvil).getTransaction({ hash })
  const raw = (await node(anvil).request({
    method: 'eth_getRawTransactionByHash' as 'eth_getTransactionByHash',
    params: [hash],
  })) as unknown as Hex
  return { hash, receipt, onChain, raw, details: person.seen.at(-1)!.details }
}

/** The most the transaction could cost: gas limit × gas price (types 0, 1) or max fee per gas (type 2). */
function maxFee(tx: Transaction): string {
  const price = tx.type === 'eip1559' ? tx.maxFeePerGas : tx.gasPrice
  return `${formatEther(tx.gas * price!)} ETH`
}

describe('every transaction type is signed in the frame, accepted by anvil and recovers to the wallet', () => {
  test.each([
    ['a legacy (type 0x0)', { type: '0x0', gasPrice: numberToHex(parseGwei('3')) }, 'legacy', 0x0],
    [
      'an access-list (type 0x1)',
      { type: '0x1', accessList: [{ address: RECIPIENT, storageKeys: [SLOT] }] },
      'eip2930',
      0x1,
    ],
    [
      'an EIP-1559 (type 0x2)',
      {
        type: '0x2',
        maxFeePerGas: numberToHex(parseGwei('5')),
        maxPriorityFeePerGas: numberToHex(parseGwei('1')),
      },
      'eip1559',
      0x2,
    ],
  ] as const)('default: %s transaction', async (_name, fields, type, typeByte) => {
    const before = await node(anvils.london).getBalance({ address: RECIPIENT })
    const { hash, receipt, onChain, raw, details } = await sent({ to: RECIPIENT, value: '0x2a', ...fields })

    expect(receipt).toMatchObject({ status: 'success', type, from: frame.address.toLowerCase() })
    expect(onChain.type).toBe(type)
    expect((await node(anvils.london).getBalance({ address: RECIPIENT })) - before).toBe(42n)
    // What the node mined is what the frame signed, and it is the wallet's signature.
    expect(keccak256(raw)).toBe(hash)
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(frame.address)
    // The typed envelopes start with their type byte; a legacy transaction is a bare RLP list.
    expect(Number.parseInt(raw.slice(2, 4), 16)).toBe(type === 'legacy' ? 0xf8 : typeByte)
    // The fee is shown the same way for every type: the most it can cost, in ETH.
    expect(details).toMatchObject({ method: 'eth_sendTransaction', kind: 'calls', fee: maxFee(onChain) })
  })

  test('behavior: a legacy signature carries v per EIP-155 (chainId × 2 + 35 + yParity), not 27/28', async () => {
    const { onChain } = await sent({ to: RECIPIENT, gasPrice: numberToHex(parseGwei('3')) })
    expect(onChain.type).toBe('legacy')
    expect([31337n * 2n + 35n, 31337n * 2n + 36n]).toContain(onChain.v)
    expect(onChain.chainId).toBe(31337)
  })

  test('behavior: the access list is signed as given and carried on chain', async () => {
    const accessList = [{ address: RECIPIENT, storageKeys: [SLOT] }]
    for (const fields of [
      { gasPrice: numberToHex(parseGwei('3')) },
      { maxFeePerGas: numberToHex(parseGwei('5')) },
    ]) {
      const { onChain } = await sent({ to: RECIPIENT, accessList, ...fields })
      expect(onChain.accessList).toEqual([{ address: RECIPIENT.toLowerCase(), storageKeys: [SLOT] }])
    }
  })
})

describe('the type follows the request, else the chain', () => {
  test.each([
    ['gasPrice only', { gasPrice: numberToHex(parseGwei('3')) }, undefined, 'legacy'],
    [
      'gasPrice and an access list',
      { gasPrice: numberToHex(parseGwei('3')), accessList: [] },
      undefined,
      'eip2930',
    ],
    ['maxFeePerGas only', { maxFeePerGas: numberToHex(parseGwei('5')) }, undefined, 'eip1559'],
    [
      'maxPriorityFeePerGas only',
      { maxPriorityFeePerGas: numberToHex(parseGwei('1')) },
      undefined,
      'eip1559',
    ],
    ['no fee field, a chain with a base fee', {}, undefined, 'eip1559'],
    ['no fee field, a chain without a base fee', {}, BERLIN, 'legacy'],
    ['an access list alone, a chain without a base fee', { accessList: [] }, BERLIN, 'eip2930'],
    ['type 0x1 with no fee field, a chain without a base fee', { type: '0x1' }, BERLIN, 'eip2930'],
    ['type 0x0 with no fee field, a chain with a base fee', { type: '0x0' }, undefined, 'legacy'],
    ['type 0x2 with an access list', { type: '0x2', accessList: [] }, undefined, 'eip1559'],
    [
      'the chainId of the request',
      { chainId: '0x7a69', gasPrice: numberToHex(parseGwei('3')) },
      undefined,
      'legacy',
    ],
  ] as const)('default: %s → %s', async (_name, fields, chainId, type) => {
    const { receipt, onChain, raw, details } = await sent({ to: RECIPIENT, value: '0x1', ...fields }, chainId)
    expect(receipt.status).toBe('success')
    expect(onChain.type).toBe(type)
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(frame.address)
    expect(details).toMatchObject({ fee: maxFee(onChain) })
  })

  test('default: gasLimit (the name many libraries give gas) is the gas limit signed, not an estimate', async () => {
    const { onChain } = await sent({ to: RECIPIENT, gasLimit: '0x5300' })
    expect(onChain.gas).toBe(0x5300n)
    const same = await sent({ to: RECIPIENT, gas: '0x5301', gasLimit: '0x5301' })
    expect(same.onChain.gas).toBe(0x5301n)
  })

  test('default: a wallet_sendCalls batch on a chain without a base fee shows its fee and goes out as legacy', async () => {
    const reply = await frame.rpc('wallet_sendCalls', [{ calls: [{ to: RECIPIENT, value: '0x1' }] }], BERLIN)
    expect(reply).toMatchObject({ ok: true })
    expect(person.seen.at(-1)!.details).toMatchObject({
      kind: 'calls',
      fee: expect.stringMatching(/^0\.0+\d+ ETH$/),
    })
    const { id } = (reply as { result: { id: string } }).result
    const status = await vi.waitFor(async () => {
      const answer = await frame.rpc('wallet_getCallsStatus', [id], BERLIN)
      const result = (answer as { result: { receipts?: { transactionHash: Hex }[] } }).result
      if (!result.receipts?.length) throw new Error('not mined yet')
      return result
    })
    const onChain = await node(anvils.berlin).getTransaction({ hash: status.receipts![0]!.transactionHash })
    expect(onChain.type).toBe('legacy')
  })
})

describe('refusals', () => {
  test.each([
    [
      'type 0x0 with maxFeePerGas',
      { type: '0x0', maxFeePerGas: '0x1' },
      'maxFeePerGas',
      'maxFeePerGas is for EIP-1559',
    ],
    [
      'gasPrice with maxFeePerGas',
      { gasPrice: '0x1', maxFeePerGas: '0x1' },
      'maxFeePerGas',
      'gasPrice and maxFeePerGas cannot be given together',
    ],
    ['type 0x2 with gasPrice', { type: '0x2', gasPrice: '0x1' }, 'gasPrice', 'gasPrice is for legacy'],
    ['an unknown type', { type: '0x4' }, 'type', 'type 0x4 is not a transaction type this wallet signs'],
    [
      'gas and gasLimit that differ',
      { gas: '0x5208', gasLimit: '0x5209' },
      'gasLimit',
      'gas and gasLimit differ',
    ],
    [
      'another chain’s chainId',
      { chainId: '0x1' },
      'chainId',
      'chainId 0x1 is not 31337, the chain of the request',
    ],
  ])(
    'error: %s answers -32602 naming the parameter, before any approval',
    async (_name, fields, field, words) => {
      const seen = person.seen.length
      const reply = await frame.rpc('eth_sendTransaction', [{ to: RECIPIENT, ...fields }])
      expect(reply).toMatchObject({
        ok: false,
        error: {
          code: -32602,
          message: expect.stringContaining(`parameter 1 (transaction) field ${field}: ${words}`),
          data: { issues: [{ path: [0, field], message: expect.stringContaining(words) }] },
        },
      })
      expect((reply as { error: { message: string } }).error.message).toMatch(
        /^Invalid params for eth_sendTransaction: /,
      )
      expect(person.seen.length).toBe(seen)
    },
  )

  test('error: a wallet_sendCalls batch naming another chain than its request answers -32602, before any approval', async () => {
    const seen = person.seen.length
    const batch = { chainId: '0x7a6b', calls: [{ to: RECIPIENT, value: '0x1' }] }
    expect(await frame.rpc('wallet_sendCalls', [batch], 'eip155:31337')).toMatchObject({
      ok: false,
      error: {
        code: -32602,
        message:
          'Invalid params for wallet_sendCalls: parameter 1 (batch) field chainId: chainId 0x7a6b is not eip155:31337, the chain of the request',
      },
    })
    expect(person.seen.length).toBe(seen)
  })

  test.each([
    ['type 0x2', { type: '0x2' }, 'type'],
    ['maxPriorityFeePerGas alone', { maxPriorityFeePerGas: '0x1' }, 'maxPriorityFeePerGas'],
  ])(
    'error: EIP-1559 (%s) on a chain without a base fee answers -32602 before any approval',
    async (_name, fields, field) => {
      const seen = person.seen.length
      const reply = await frame.rpc('eth_sendTransaction', [{ to: RECIPIENT, ...fields }], BERLIN)
      expect(reply).toMatchObject({
        ok: false,
        error: {
          code: -32602,
          message: expect.stringContaining(
            `parameter 1 (transaction) field ${field}: ${field} asks for an EIP-1559 transaction, but Local Berlin has no base fee: give gasPrice (type 0x0 or 0x1)`,
          ),
          data: { issues: [{ path: [0, field] }] },
        },
      })
      expect(person.seen.length).toBe(seen)
    },
  )

  test('error: EIP-1559 fees given whole on a chain without a base fee are refused by the node, nothing is mined', async () => {
    const nonce = await node(anvils.berlin).getTransactionCount({ address: frame.address })
    const reply = await frame.rpc(
      'eth_sendTransaction',
      [{ to: RECIPIENT, type: '0x2', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }],
      BERLIN,
    )
    expect(reply).toMatchObject({ ok: false })
    expect(await node(anvils.berlin).getTransactionCount({ address: frame.address })).toBe(nonce)
  })
})
