/**
 * Send (SPEC §3 send state, §5 rules): the form (the tokens of the active network with their balances, the
 * amount and receiver, the gas estimate), its setters and its validation. The state belongs to the instance;
 * read it with `getSendState` / `watchSendState`. What reads the chain and sends (`sendActions.ts`) loads on
 * demand: this part is in the pre-open code, through the `@keyframe/sdk` entry.
 * @module
 */
import { hasSufficientGas } from '@keyframe/protocol'
import { watchAccount } from './account.ts'
import type { Keyframe } from './createKeyframe.ts'
import { defineRuntime } from './runtime.ts'
import { type IsAddress, receiverAddressError } from './sendAddress.ts'
import { watchSelected } from './watch.ts'

/** A token Send offers, with the account's balance of it. */
export type SendToken = {
  /** The ERC20 contract; undefined for the network's native currency. */
  readonly address: `0x${string}` | undefined
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  /** In the token's smallest unit; undefined until read, or when it could not be read. */
  readonly balance: bigint | undefined
}

/** The last send of the form: under way, started (its hash), or failed (what to tell the person). */
export type SendResult =
  | { readonly status: 'sending' }
  | {
      readonly status: 'started'
      readonly hash: `0x${string}`
      /** The network's explorer page of the transaction; undefined when the network names no explorer. */
      readonly explorerUrl: string | undefined
    }
  | { readonly status: 'failed'; readonly message: string }

/** The send form (SPEC §3 send state). */
export type SendState = {
  /** The tokens of the active network: the native currency first, the network's `tokens`, then the kept ones. */
  readonly tokenBalances: readonly SendToken[]
  /** The token to send. */
  readonly token: SendToken | undefined
  /** The amount, as typed, in token units (e.g. `'1.5'`). */
  readonly sendTokenAmount: string
  readonly receiverAddress: string
  /** Wei per gas (`eth_gasPrice`), once estimated. */
  readonly gasPrice: bigint | undefined
  /** The estimated fee in wei (`eth_estimateGas` × `eth_gasPrice`), once estimated. */
  readonly gasCost: bigint | undefined
  /** `none` while the form cannot make a transaction or has changed since; `failed` when the node could not estimate it. */
  readonly gasStatus: 'none' | 'estimating' | 'estimated' | 'failed'
  /** USD per unit of the native currency (chain-api), once read; undefined where no price is known. */
  readonly nativePriceInUsd: number | undefined
  /** The estimated fee in USD (SPEC §3 gasPriceInUSD); undefined without an estimate or a price. */
  readonly gasPriceInUSD: number | undefined
  /** The native balance in USD (SPEC §3 networkBalanceInUSD); undefined without a balance or a price. */
  readonly networkBalanceInUSD: number | undefined
  /** Whether balances are being read. */
  readonly loading: boolean
  /** The last send, until the person leaves its outcome (`dismissSendResult`). */
  readonly result: SendResult | undefined
}

/** What is wrong with the send form, per field; empty when it can be sent. */
export type SendErrors = {
  readonly token?: string
  readonly amount?: string
  readonly receiverAddress?: string
  /** The gas sufficiency rule (SPEC §5) failed. */
  readonly gas?: string
}

const INITIAL: SendState = Object.freeze({
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
})

/** Per instance: the runs of balance reads and estimates, so an answer for an older form is dropped. */
const SEND = defineRuntime('send', (kf) => {
  const runtime = { balancesRun: 0, gasRun: 0 }
  // SPEC §4: the form belongs to one account in one namespace. Another namespace, another account or a
  // disconnect empties it, balances included (they were the old account's); reads under way are dropped.
  watchAccount(kf, {
    onChange(account, previous) {
      if (account.namespace === previous.namespace && account.address === previous.address) return
      runtime.balancesRun++
      runtime.gasRun++
      if (getSendState(kf) !== INITIAL) kf._internal.store.setState({ sendForm: INITIAL })
    },
  })
  return runtime
})

/** The instance's runs of balance reads and estimates (`sendActions.ts` counts them). @internal */
export function runtimeOf(kf: Keyframe) {
  return kf._internal.runtime(SEND)
}

/** `units` of a currency with `decimals` at `price` USD each, as a number of USD. */
function inUsd(units: bigint, decimals: number, price: number): number {
  return Number(formatAmount(units, decimals)) * price
}

/** The USD figures of the gas rule (SPEC §3), from the native balance, the fee and the price. */
function withUsd(state: SendState): SendState {
  const native = state.tokenBalances.find((t) => t.address === undefined)
  const price = state.nativePriceInUsd
  const priced = price !== undefined && native !== undefined
  return {
    ...state,
    networkBalanceInUSD:
      priced && native.balance !== undefined ? inUsd(native.balance, native.decimals, price) : undefined,
    gasPriceInUSD:
      priced && state.gasCost !== undefined ? inUsd(state.gasCost, native.decimals, price) : undefined,
  }
}

/** Changes the form (the store's `sendForm` slice); the runtime first, so an account change empties it. @internal */
export function update(kf: Keyframe, patch: Partial<SendState>) {
  runtimeOf(kf)
  kf._internal.store.setState({ sendForm: withUsd({ ...getSendState(kf), ...patch }) })
}

/** A change of token, amount or receiver makes the last gas estimate stale, and a failure's message too. */
function updateInput(kf: Keyframe, patch: Partial<SendState>) {
  runtimeOf(kf).gasRun++
  const { result: last } = getSendState(kf)
  const result = last?.status === 'failed' ? undefined : last
  update(kf, { result, ...patch, gasPrice: undefined, gasCost: undefined, gasStatus: 'none' })
}

// ── Units ────────────────────────────────────────────────────────────────────

/** `text` (e.g. `'1.5'`) in the smallest unit; undefined unless a plain decimal with at most `decimals` places. */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match) return undefined
  const [, int = '', frac = ''] = match
  if ((int === '' && frac === '') || frac.length > decimals) return undefined
  return BigInt(int || '0') * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0')
}

/** `value` in the smallest unit as exact decimal text in token units (`1500000000000000000n, 18` → `'1.5'`). */
export function formatAmount(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const int = digits.slice(0, digits.length - decimals)
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`
}

/** Whether `value` is an EVM address: 0x and 40 hex digits. */
export function isEvmAddress(value: string): value is `0x${string}` {
  return /^0x[0-9a-fA-F]{40}$/.test(value)
}

/** The EIP-55 check once loaded (`sendChecksum.ts`): code, the same for every instance. */
let isAddress: IsAddress | undefined
let loadingIsAddress: Promise<IsAddress> | undefined

/** The EIP-55 check, once loaded (`loadAddressCheck`). @internal */
export function loadedAddressCheck(): IsAddress | undefined {
  return isAddress
}

/**
 * Loads the EIP-55 check (kept out of the first load) for the receiver; the form of `kf` is checked
 * again once it is there. @internal
 */
export async function loadAddressCheck(kf: Keyframe): Promise<void> {
  if (isAddress) return
  loadingIsAddress ??= import('./sendChecksum.ts').then((module) => (isAddress = module.isAddress))
  try {
    await loadingIsAddress
  } catch {
    loadingIsAddress = undefined
    return
  }
  if (!kf._internal.isDestroyed()) update(kf, {})
}

// ── The form ─────────────────────────────────────────────────────────────────

/**
 * The send form's state. The same object is returned until it changes.
 * @example
 * import { getSendState } from '@keyframe/sdk'
 * const { token, sendTokenAmount, receiverAddress, gasCost } = getSendState(kf)
 */
export function getSendState(kf: Keyframe): SendState {
  return kf.getState().sendForm ?? INITIAL
}

/**
 * Calls `onChange` when the send form's state changes. Returns the unsubscribe.
 * @example
 * import { watchSendState } from '@keyframe/sdk'
 * const unwatch = watchSendState(kf, { onChange: (state) => console.log(state.sendTokenAmount) })
 */
export function watchSendState(kf: Keyframe, parameters: { onChange(state: SendState): void }): () => void {
  return watchSelected(kf, getSendState, (state) => parameters.onChange(state))
}

/**
 * Selects the token to send: `'native'` or the address of one of the network's tokens.
 * @example
 * import { setSendToken } from '@keyframe/sdk'
 * setSendToken(kf, '0x5FbDB2315678afecb367f032d93F642f64180aa3')
 */
export function setSendToken(kf: Keyframe, token: 'native' | `0x${string}`): void {
  const { tokenBalances } = getSendState(kf)
  const found = tokenBalances.find((t) =>
    token === 'native' ? t.address === undefined : t.address?.toLowerCase() === token.toLowerCase(),
  )
  if (!found) {
    throw new TypeError(
      `Keyframe: no token ${JSON.stringify(token)} on this network; use 'native' or one of ${
        tokenBalances.flatMap((t) => (t.address ? [JSON.stringify(t.address)] : [])).join(', ') || 'none'
      } (call fetchSendBalances first).`,
    )
  }
  updateInput(kf, { token: found })
}

/**
 * Sets the amount to send, in token units as text (e.g. `'1.5'`).
 * @example
 * import { setSendAmount } from '@keyframe/sdk'
 * setSendAmount(kf, '0.25')
 */
export function setSendAmount(kf: Keyframe, amount: string): void {
  updateInput(kf, { sendTokenAmount: amount })
}

/**
 * Sets the receiver's address.
 * @example
 * import { setSendReceiver } from '@keyframe/sdk'
 * setSendReceiver(kf, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 */
export function setSendReceiver(kf: Keyframe, receiverAddress: string): void {
  updateInput(kf, { receiverAddress: receiverAddress.trim() })
  void loadAddressCheck(kf)
}

/**
 * Empties the form (SPEC §4: after a send): no amount, no receiver, no estimate, no result; the token list
 * and the price stay, with the native token selected. Another namespace or account, or a disconnect,
 * empties it by itself, token list included.
 * @example
 * import { resetSend } from '@keyframe/sdk'
 * resetSend(kf)
 */
export function resetSend(kf: Keyframe): void {
  const { tokenBalances, nativePriceInUsd } = getSendState(kf)
  updateInput(kf, { ...INITIAL, tokenBalances, token: tokenBalances[0], nativePriceInUsd })
}

/** The person has seen the last send's outcome (they left it): the form shows again. @internal */
export function dismissSendResult(kf: Keyframe): void {
  const { result } = getSendState(kf)
  if (result && result.status !== 'sending') update(kf, { result: undefined })
}

/** The namespace of the active network (`eip155`, `solana`, …). */
// ── Validation ───────────────────────────────────────────────────────────────

/**
 * What stops the form from being sent (SPEC §5): a token, an amount above zero with no more places than
 * the token has and no more than the balance, a receiver that is an address of the network's namespace
 * (on eip155 with a valid EIP-55 checksum when it is mixed case: `core/sendAddress.ts`; the check loads
 * with `fetchSendBalances` or the first receiver set, and until then an eip155 receiver is 'Checking the
 * address…'), and enough of the native currency for the estimated gas.
 *
 * The gas rule is SPEC §5's `hasSufficientGas`: insufficient when the network balance in USD is zero or below
 * the gas cost in USD. Keyframe's accounts are externally owned (no smart account yet, which would always be
 * sufficient). Where no USD price is known (no chain-api, or none for the network) the native balance and
 * the fee are compared in the native currency, which is the same comparison at any price above zero. For a
 * native send the amount is taken from the balance first, as the wallet would.
 * @example
 * import { getSendErrors, getSendState } from '@keyframe/sdk'
 * getSendErrors(getSendState(kf), 'eip155') // { receiverAddress: 'Please enter a receiver address', … }
 */
export function getSendErrors(state: SendState, namespace = 'eip155'): SendErrors {
  const { token, sendTokenAmount, receiverAddress, gasCost, tokenBalances, nativePriceInUsd } = state
  const errors: { -readonly [K in keyof SendErrors]: SendErrors[K] } = {}
  if (!token) errors.token = 'Please select a token to send'
  const amount = token ? parseAmount(sendTokenAmount, token.decimals) : undefined
  if (sendTokenAmount.trim() === '' || amount === undefined || amount <= 0n) {
    errors.amount = 'Please enter a valid amount'
  } else if (token?.balance !== undefined && amount > token.balance) {
    errors.amount = `Insufficient ${token.symbol} balance`
  }
  const receiverError = receiverAddressError(receiverAddress, namespace, isAddress)
  if (receiverError) errors.receiverAddress = receiverError
  const native = tokenBalances.find((t) => t.address === undefined)
  if (gasCost !== undefined && native?.balance !== undefined && !errors.amount) {
    const spent = token?.address === undefined && amount !== undefined ? amount : 0n
    const left = native.balance - spent
    const price = nativePriceInUsd !== undefined && nativePriceInUsd > 0 ? nativePriceInUsd : undefined
    const sufficient = hasSufficientGas({
      isSmartAccount: false,
      networkBalanceInUsd: price ? inUsd(left, native.decimals, price) : formatAmount(left, native.decimals),
      gasCostInUsd: price ? inUsd(gasCost, native.decimals, price) : formatAmount(gasCost, native.decimals),
    })
    if (!sufficient) errors.gas = `Not enough ${native.symbol} to pay for gas`
  }
  return errors
}
