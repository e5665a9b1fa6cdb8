// @vitest-environment jsdom
// Send against a real chain: anvil, an ERC20 deployed on it, and an injected wallet signing with a dev key.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  type Anvil,
  announceWallet,
  createTestWallet,
  deployToken,
  rpc,
  startAnvil,
  type TestWallet,
  WALLET_ADDRESS,
  waitForReceipt,
} from '../../test/anvilWallet.ts'
import { disconnect } from './connection.ts'
import { createKeyframe, type Keyframe, type KeyframeNetwork } from './createKeyframe.ts'
import { connectInjected } from './injectedConnect.ts'
import { switchNetwork } from './network.ts'
import {
  getSendErrors,
  getSendState,
  parseAmount,
  type SendState,
  type SendToken,
  setSendAmount,
  setSendReceiver,
  setSendToken,
} from './send.ts'
import {
  estimateSendGas,
  fetchSendBalances,
  sendFailureMessage,
  sendTokens,
  transactionUrl,
} from './sendActions.ts'
import { RECEIVER_ERRORS } from './sendAddress.ts'
import * as onDemand from './sendOnDemand.ts'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
let anvil: Anvil
let kusd: `0x${string}`
const instances: Keyframe[] = []
const stops: (() => void)[] = []

beforeAll(async () => {
  anvil = await startAnvil(31337)
  kusd = await deployToken(
    anvil.rpcUrl,
    { name: 'Keyframe USD', symbol: 'kUSD', decimals: 6 },
    WALLET_ADDRESS,
    1000_000000n,
  )
}, 30_000)
afterAll(() => anvil?.close())
afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  document.body.innerHTML = ''
})

async function setup(
  balanceWei?: bigint,
  otherNetworks: KeyframeNetwork[] = [],
  explorer?: { name: string; url: string },
): Promise<{ kf: Keyframe; wallet: TestWallet }> {
  if (balanceWei !== undefined)
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [WALLET_ADDRESS, `0x${balanceWei.toString(16)}`])
  const wallet = createTestWallet([anvil])
  stops.push(announceWallet(wallet, { name: 'Test Wallet', rdns: 'io.test' }))
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [
      {
        id: 31337,
        name: 'Keyframe Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [{ address: kusd, symbol: 'kUSD', name: 'Keyframe USD', decimals: 6 }],
        ...(explorer ? { blockExplorers: { default: explorer } } : {}),
      },
      ...otherNetworks,
    ],
  })
  instances.push(kf)
  await connectInjected(kf, 'injected:io.test')
  await fetchSendBalances(kf)
  return { kf, wallet }
}

const balanceOf = async (address: string) =>
  BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [address, 'latest'])) as string)
const tokenBalanceOf = async (address: string) =>
  BigInt(
    (await rpc(anvil.rpcUrl, 'eth_call', [
      { to: kusd, data: `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` },
      'latest',
    ])) as string,
  )

test('default: the tokens of the network with their balances, native first', async () => {
  const { kf } = await setup(5n * 10n ** 18n)
  const { tokenBalances, token } = getSendState(kf)
  expect(tokenBalances.map(({ symbol, decimals, balance }) => ({ symbol, decimals, balance }))).toEqual([
    { symbol: 'ETH', decimals: 18, balance: 5n * 10n ** 18n },
    { symbol: 'kUSD', decimals: 6, balance: await tokenBalanceOf(WALLET_ADDRESS) },
  ])
  expect(token?.symbol).toBe('ETH')
})

test('behavior: validation needs token, amount ≤ balance and a receiver address of the network', async () => {
  const { kf } = await setup(2n * 10n ** 18n)
  expect(getSendErrors(getSendState(kf))).toEqual({
    amount: 'Please enter a valid amount',
    receiverAddress: RECEIVER_ERRORS.missing,
  })
  setSendAmount(kf, '3')
  setSendReceiver(kf, '0x1234')
  expect(getSendErrors(getSendState(kf))).toEqual({
    amount: 'Insufficient ETH balance',
    receiverAddress: RECEIVER_ERRORS.eip155,
  })
  setSendAmount(kf, '1.5')
  setSendReceiver(kf, RECEIVER)
  expect(getSendErrors(getSendState(kf))).toEqual({})
  setSendToken(kf, kusd)
  setSendAmount(kf, '0.0000001')
  expect(getSendErrors(getSendState(kf))).toEqual({ amount: 'Please enter a valid amount' })
  expect(parseAmount('1.25', 6)).toBe(1_250_000n)
  expect(parseAmount('abc', 6)).toBeUndefined()
})

test('error: a mixed-case receiver with a wrong checksum is refused before anything is sent', async () => {
  const { kf, wallet } = await setup(10n * 10n ** 18n)
  const sent: string[] = []
  const request = wallet.request
  wallet.request = (args) => {
    sent.push(args.method)
    return request(args)
  }
  // One letter of the checksummed address in the other case: still 40 hex digits, no longer the address.
  const typo = `${RECEIVER.slice(0, 3)}${RECEIVER[3]!.toLowerCase()}${RECEIVER.slice(4)}`
  setSendAmount(kf, '1')
  setSendReceiver(kf, typo)
  expect(getSendErrors(getSendState(kf))).toEqual({ receiverAddress: RECEIVER_ERRORS.checksum })
  await expect(sendTokens(kf)).rejects.toThrow(RECEIVER_ERRORS.checksum)
  await estimateSendGas(kf)
  expect(sent).not.toContain('eth_sendTransaction')
  expect(sent).not.toContain('eth_estimateGas')
  expect(getSendState(kf).result).toBeUndefined()

  // All lower case carries no checksum: the same address is fine.
  setSendReceiver(kf, RECEIVER.toLowerCase())
  expect(getSendErrors(getSendState(kf))).toEqual({})
})

test('behavior: the fee is eth_estimateGas × eth_gasPrice; too little ETH for it fails the gas rule', async () => {
  const { kf } = await setup(10n ** 18n)
  setSendToken(kf, kusd)
  setSendAmount(kf, '1')
  setSendReceiver(kf, RECEIVER)
  await estimateSendGas(kf)
  const { gasCost, gasPrice, gasStatus } = getSendState(kf)
  expect(gasStatus).toBe('estimated')
  expect(gasPrice).toBeGreaterThan(0n)
  expect(gasCost! % gasPrice!).toBe(0n)
  expect(gasCost! / gasPrice!).toBeGreaterThan(21_000n)
  expect(getSendErrors(getSendState(kf))).toEqual({})

  // One wei of ETH left: the token send cannot pay its fee (compared in ETH, there being no USD price).
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [WALLET_ADDRESS, '0x1'])
  await fetchSendBalances(kf)
  await estimateSendGas(kf).catch(() => {})
  const state = getSendState(kf)
  expect(getSendErrors({ ...state, gasCost: gasCost!, gasStatus: 'estimated' })).toEqual({
    gas: 'Not enough ETH to pay for gas',
  })
})

test('behavior: a native send lands; the form stays on Send with the hash and the explorer link, emptied', async () => {
  const { kf } = await setup(10n * 10n ** 18n, [], { name: 'Localscan', url: 'https://scan.example/' })
  await kf.open({ view: 'Send' })
  const before = await balanceOf(RECEIVER)
  setSendAmount(kf, '1.5')
  setSendReceiver(kf, RECEIVER)
  const sending = sendTokens(kf)
  expect(getSendState(kf).result).toEqual({ status: 'sending' })
  const hash = await sending
  expect(kf.getState().view).toBe('Send')
  await waitForReceipt(anvil.rpcUrl, hash)
  expect((await balanceOf(RECEIVER)) - before).toBe(1_500_000_000_000_000_000n)
  expect(kf.getState().toast).toMatchObject({ variant: 'success', message: 'Transaction started' })
  expect(getSendState(kf)).toMatchObject({
    sendTokenAmount: '',
    receiverAddress: '',
    gasCost: undefined,
    result: { status: 'started', hash, explorerUrl: `https://scan.example/tx/${hash}` },
  })
  expect(transactionUrl({}, hash)).toBeUndefined()
})

test("behavior: the @keyframe/sdk entry's Send actions load sendActions.ts on first call and read, estimate and send", async () => {
  const { kf } = await setup(10n * 10n ** 18n)
  await onDemand.fetchSendBalances(kf)
  expect(getSendState(kf).tokenBalances[0]?.balance).toBe(10n * 10n ** 18n)
  setSendAmount(kf, '0.5')
  setSendReceiver(kf, RECEIVER)
  await onDemand.estimateSendGas(kf)
  expect(getSendState(kf).gasStatus).toBe('estimated')
  const before = await balanceOf(RECEIVER)
  await waitForReceipt(anvil.rpcUrl, await onDemand.sendTokens(kf))
  expect((await balanceOf(RECEIVER)) - before).toBe(500_000_000_000_000_000n)
})

test('behavior: an ERC20 send calls transfer(to, amount) and moves the tokens', async () => {
  const { kf, wallet } = await setup(10n * 10n ** 18n)
  const before = await tokenBalanceOf(RECEIVER)
  setSendToken(kf, kusd)
  setSendAmount(kf, '12.5')
  setSendReceiver(kf, RECEIVER)
  const sent: unknown[] = []
  const request = wallet.request
  wallet.request = (args) => {
    if (args.method === 'eth_sendTransaction') sent.push(args.params)
    return request(args)
  }
  await waitForReceipt(anvil.rpcUrl, await sendTokens(kf))
  expect((await tokenBalanceOf(RECEIVER)) - before).toBe(12_500_000n)
  expect(sent).toEqual([
    [
      {
        from: WALLET_ADDRESS,
        to: kusd,
        data: `0xa9059cbb${RECEIVER.slice(2).toLowerCase().padStart(64, '0')}${(12_500_000).toString(16).padStart(64, '0')}`,
      },
    ],
  ])
})

test('error: a declined send says "Signature declined"; another failure "Something went wrong"; the form keeps its values', async () => {
  const { kf, wallet } = await setup(10n * 10n ** 18n)
  setSendAmount(kf, '1')
  setSendReceiver(kf, RECEIVER)
  wallet.approve.send = false
  await expect(sendTokens(kf)).rejects.toMatchObject({ code: 4001 })
  expect(kf.getState().toast).toMatchObject({ variant: 'error', message: 'Signature declined' })
  expect(getSendState(kf)).toMatchObject({
    sendTokenAmount: '1',
    receiverAddress: RECEIVER,
    result: { status: 'failed', message: 'Signature declined' },
  })

  wallet.approve.send = true
  wallet.request = async () => {
    throw Object.assign(new Error('nonce too low'), { code: -32000 })
  }
  await expect(sendTokens(kf)).rejects.toThrow('nonce too low')
  expect(getSendState(kf).result).toEqual({ status: 'failed', message: 'Something went wrong' })
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(kf.getState().toast).toMatchObject({ variant: 'error', message: 'Something went wrong' })
  // A change to the form clears the message of the last attempt.
  setSendAmount(kf, '0.5')
  expect(getSendState(kf).result).toBeUndefined()
  expect(sendFailureMessage(new Error('x'), 'solana')).toBe('Failed to send transaction. Please try again.')
})

test('behavior: the gas rule in USD (SPEC §5): a zero balance or one below the fee fails, at any price', () => {
  const ether = { address: undefined, symbol: 'ETH', name: 'Ether', decimals: 18 }
  const kusdToken: SendToken = {
    address: RECEIVER,
    symbol: 'kUSD',
    name: 'Keyframe USD',
    decimals: 6,
    balance: 10n ** 9n,
  }
  const fee = 21_000n * 10n ** 9n
  const form = (balance: bigint, price: number | undefined, token: 'native' | 'kusd'): SendState => ({
    tokenBalances: [{ ...ether, balance }, kusdToken],
    token: token === 'native' ? { ...ether, balance } : kusdToken,
    sendTokenAmount: '0.001',
    receiverAddress: RECEIVER,
    gasPrice: 10n ** 9n,
    gasCost: fee,
    gasStatus: 'estimated' as const,
    nativePriceInUsd: price,
    gasPriceInUSD: undefined,
    networkBalanceInUSD: undefined,
    loading: false,
    result: undefined,
  })
  const noGas = { gas: 'Not enough ETH to pay for gas' }
  for (const price of [3000, 0.0001, undefined]) {
    // A native send pays its amount first, then the fee.
    expect(getSendErrors(form(10n ** 15n + fee, price, 'native'))).toEqual({})
    expect(getSendErrors(form(10n ** 15n + fee - 1n, price, 'native'))).toEqual(noGas)
    expect(getSendErrors(form(fee, price, 'kusd'))).toEqual({})
    expect(getSendErrors(form(0n, price, 'kusd'))).toEqual(noGas)
  }
})

test('behavior: another account, another namespace or a disconnect empties the form (SPEC §4)', async () => {
  const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const { kf, wallet } = await setup(10n ** 18n, [{ id: SOLANA, name: 'Solana' }])
  const EMPTY = {
    tokenBalances: [],
    token: undefined,
    sendTokenAmount: '',
    receiverAddress: '',
    gasPrice: undefined,
    gasCost: undefined,
    gasStatus: 'none',
    nativePriceInUsd: undefined,
    gasPriceInUSD: undefined,
    networkBalanceInUSD: undefined,
    loading: false,
    result: undefined,
  }
  async function fill() {
    await fetchSendBalances(kf)
    setSendAmount(kf, '0.5')
    setSendReceiver(kf, RECEIVER)
    await estimateSendGas(kf)
    expect(getSendState(kf)).toMatchObject({ sendTokenAmount: '0.5', gasStatus: 'estimated' })
  }

  await fill()
  wallet.emit('accountsChanged', ['0x90F79bf6EB2c4f870365E785982E1f101E93b906'])
  expect(getSendState(kf)).toEqual(EMPTY)

  // A balance read under way belongs to the old account: its answer is dropped.
  const reading = fetchSendBalances(kf)
  wallet.emit('accountsChanged', [WALLET_ADDRESS])
  await reading
  expect(getSendState(kf)).toEqual(EMPTY)

  await fill()
  await switchNetwork(kf, SOLANA)
  expect(getSendState(kf)).toEqual(EMPTY)

  await switchNetwork(kf, 31337)
  await fill()
  await disconnect(kf)
  expect(getSendState(kf)).toEqual(EMPTY)
})
