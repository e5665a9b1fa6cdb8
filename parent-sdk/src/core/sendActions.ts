/**
 * Send's actions (SPEC §4 send flow): read the balances of the active network's tokens, estimate the gas of
 * the form, and send it through the active connector's provider. Loaded on demand: the `@keyframe/sdk`
 * entry reaches them through `sendOnDemand.ts`, the Send view imports them directly. The form itself is
 * `send.ts`.
 * @module
 */
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import type { Eip1193Provider } from '../connectors/types.ts'
import { getConnection } from './account.ts'
import { holdOpen } from './approval.ts'
import { getActiveConnector } from './connectors.ts'
import type { Keyframe } from './createKeyframe.ts'
import { readNativeBalance, toBigInt } from './nativeBalance.ts'
import { getNetwork } from './network.ts'
import {
  getSendErrors,
  getSendState,
  isEvmAddress,
  loadAddressCheck,
  loadedAddressCheck,
  parseAmount,
  resetSend,
  runtimeOf,
  type SendState,
  type SendToken,
  update,
} from './send.ts'
import { receiverAddressError } from './sendAddress.ts'

function toQuantity(value: bigint): `0x${string}` {
  return `0x${value.toString(16)}`
}

// ── Reading the chain ────────────────────────────────────────────────────────

/** The active eip155 connector's provider and connected address, if any. */
async function activeAccount(
  kf: Keyframe,
): Promise<{ provider: Eip1193Provider; address: `0x${string}` } | undefined> {
  const connector = getActiveConnector(kf, 'eip155')
  const { status, address } = getConnection(kf, { namespace: 'eip155' })
  if (!connector || status !== 'connected' || !address || !isEvmAddress(address)) return undefined
  return { provider: await connector.getProvider(), address }
}

async function readTokenBalance(
  provider: Eip1193Provider,
  token: `0x${string}`,
  owner: `0x${string}`,
): Promise<bigint> {
  const { encodeErc20BalanceOf } = await import('./sendCalldata.ts')
  const result = await provider.request({
    method: 'eth_call',
    params: [{ to: token, data: encodeErc20BalanceOf(owner) }, 'latest'],
  })
  const balance = toBigInt(result)
  if (balance === undefined) throw new TypeError('balanceOf returned no quantity')
  return balance
}

/** The tokens of the active network, native first, without balances. */
function networkTokens(kf: Keyframe): SendToken[] {
  const network = getNetwork(kf)
  const native = network.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  return [
    {
      address: undefined,
      symbol: native.symbol,
      name: native.name,
      decimals: native.decimals,
      balance: undefined,
    },
    ...(network.tokens ?? []).map((token) => ({
      address: token.address,
      symbol: token.symbol,
      name: token.name ?? token.symbol,
      decimals: token.decimals,
      balance: undefined,
    })),
  ]
}

/**
 * The tokens the account keeps in the embedded wallet (`wallet_watchAsset`) on the active network, less
 * those in `listed`; none with another connector, or when the frame cannot say.
 */
async function watchedTokens(kf: Keyframe, listed: readonly SendToken[]): Promise<SendToken[]> {
  if (getActiveConnector(kf, 'eip155')?.type !== 'embedded') return []
  try {
    const frame = await kf.frame()
    const { tokens } = await frame.request('GET_WATCHED_TOKENS', { chainId: getNetwork(kf).caipNetworkId })
    return tokens
      .filter((token) => !listed.some((t) => t.address?.toLowerCase() === token.address.toLowerCase()))
      .map((token) => ({
        address: token.address as `0x${string}`,
        symbol: token.symbol,
        name: token.symbol,
        decimals: token.decimals,
        balance: undefined,
      }))
  } catch {
    return []
  }
}
/** The native currency's USD price, or undefined when none can be had (the form works without one). */
async function readPrice(kf: Keyframe, caipNetworkId: string): Promise<number | undefined> {
  if (kf._internal.chainApiUrl === undefined) return undefined
  try {
    const { readNativePriceInUsd } = await import('./sendPrice.ts')
    return await readNativePriceInUsd(kf, caipNetworkId)
  } catch {
    return undefined
  }
}

function sameToken(a: SendToken | undefined, b: SendToken | undefined): boolean {
  return a !== undefined && b !== undefined && a.address?.toLowerCase() === b.address?.toLowerCase()
}

/** `fetchSendBalances` of `@keyframe/sdk` (documented in `sendOnDemand.ts`), loaded on demand. */
export async function fetchSendBalances(kf: Keyframe): Promise<void> {
  const runtime = runtimeOf(kf)
  const run = ++runtime.balancesRun
  const listed = networkTokens(kf)
  const selected = listed.find((t) => sameToken(t, getSendState(kf).token)) ?? listed[0]
  update(kf, { tokenBalances: listed, token: selected, loading: true })
  // The price is for the gas rule in USD (SPEC §5); without one the rule compares in the native currency.
  const price = readPrice(kf, getNetwork(kf).caipNetworkId)
  const addressCheck = loadAddressCheck(kf)
  const account = await activeAccount(kf).catch(() => undefined)
  const tokens = account ? [...listed, ...(await watchedTokens(kf, listed))] : listed
  const balances = await Promise.all(
    tokens.map((token) => {
      if (!account) return Promise.resolve(undefined)
      const read = token.address
        ? readTokenBalance(account.provider, token.address, account.address)
        : readNativeBalance(account.provider, account.address)
      return read.catch(() => undefined)
    }),
  )
  const nativePriceInUsd = await price
  await addressCheck
  if (run !== runtime.balancesRun) return
  const withBalances = tokens.map((token, i) => ({ ...token, balance: balances[i] }))
  const token = withBalances.find((t) => sameToken(t, getSendState(kf).token)) ?? withBalances[0]
  update(kf, { tokenBalances: withBalances, token, nativePriceInUsd, loading: false })
  if (balances.some((balance) => balance === undefined)) {
    kf._internal.toasts.show('error', 'Token Balance Unavailable')
  }
}

function namespaceOf(kf: Keyframe): string {
  return getNetwork(kf).chainNamespace
}

/** The transaction of the form; undefined while the form cannot make one. */
async function buildTransaction(
  state: SendState,
  from: `0x${string}`,
): Promise<
  { from: `0x${string}`; to: `0x${string}`; value?: `0x${string}`; data: `0x${string}` } | undefined
> {
  const { token, receiverAddress } = state
  const amount = token && parseAmount(state.sendTokenAmount, token.decimals)
  if (!token || amount === undefined || amount <= 0n) return undefined
  if (
    receiverAddressError(receiverAddress, 'eip155', loadedAddressCheck()) !== undefined ||
    !isEvmAddress(receiverAddress)
  ) {
    return undefined
  }
  if (!token.address) return { from, to: receiverAddress, value: toQuantity(amount), data: '0x' }
  const { encodeErc20Transfer } = await import('./sendCalldata.ts')
  return { from, to: token.address, data: encodeErc20Transfer(receiverAddress, amount) }
}

/** `estimateSendGas` of `@keyframe/sdk` (documented in `sendOnDemand.ts`), loaded on demand. */
export async function estimateSendGas(kf: Keyframe): Promise<void> {
  const runtime = runtimeOf(kf)
  const run = ++runtime.gasRun
  const account = await activeAccount(kf)
  const transaction = account && (await buildTransaction(getSendState(kf), account.address))
  if (!account || !transaction || run !== runtime.gasRun) return
  update(kf, { gasStatus: 'estimating' })
  try {
    const [gas, gasPrice] = await Promise.all([
      account.provider.request({ method: 'eth_estimateGas', params: [transaction] }),
      account.provider.request({ method: 'eth_gasPrice' }),
    ])
    const units = toBigInt(gas)
    const price = toBigInt(gasPrice)
    if (run !== runtime.gasRun) return
    if (units === undefined || price === undefined) update(kf, { gasStatus: 'failed' })
    else update(kf, { gasPrice: price, gasCost: units * price, gasStatus: 'estimated' })
  } catch {
    // No estimate: the form says so, and the wallet estimates again when it sends.
    if (run === runtime.gasRun) update(kf, { gasStatus: 'failed' })
  }
}

// ── Sending ──────────────────────────────────────────────────────────────────

function isRejection(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UserRejectedRequestError.code
}

/** What the form says when a send fails (SPEC §8), by the namespace of the network. */
export function sendFailureMessage(error: unknown, namespace: string): string {
  if (isRejection(error)) return 'Signature declined'
  if (namespace === 'solana') return 'Failed to send transaction. Please try again.'
  return 'Something went wrong'
}

/** The network's explorer page of transaction `hash`, when the network names an explorer. */
export function transactionUrl(
  network: { readonly blockExplorers?: { readonly default: { readonly url: string } } },
  hash: string,
): string | undefined {
  const base = network.blockExplorers?.default.url
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : undefined
}

/** `sendTokens` of `@keyframe/sdk` (documented in `sendOnDemand.ts`), loaded on demand. */
export async function sendTokens(kf: Keyframe): Promise<`0x${string}`> {
  const state = getSendState(kf)
  const namespace = namespaceOf(kf)
  const errors = Object.values(getSendErrors(state, namespace))
  if (errors.length > 0) throw new TypeError(`Keyframe: the send form is not valid: ${errors.join('; ')}.`)
  if (state.result?.status === 'sending') throw new TypeError('Keyframe: a send is already under way.')
  const { toasts } = kf._internal
  update(kf, { result: { status: 'sending' } })
  try {
    const account = await activeAccount(kf)
    if (!account) throw new TypeError('Keyframe: sendTokens() needs a connected eip155 account.')
    const transaction = await buildTransaction(state, account.address)
    if (!transaction) throw new TypeError('Keyframe: the send form is not valid.')
    // The modal stays open when the request ends (SPEC §2 transaction stack): the Send view shows its outcome.
    const release = holdOpen(kf)
    let hash: `0x${string}`
    try {
      hash = (await account.provider.request({
        method: 'eth_sendTransaction',
        params: [transaction],
      })) as `0x${string}`
    } finally {
      release()
    }
    resetSend(kf)
    update(kf, { result: { status: 'started', hash, explorerUrl: transactionUrl(getNetwork(kf), hash) } })
    toasts.show('success', 'Transaction started')
    // The balances the form offers moved with the send.
    void fetchSendBalances(kf)
    return hash
  } catch (error) {
    const message = sendFailureMessage(error, namespace)
    update(kf, { result: { status: 'failed', message } })
    toasts.show('error', message)
    throw error
  }
}
