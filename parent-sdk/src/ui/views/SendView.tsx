/** @jsxImportSource preact */
import { formatBalance } from '@keyframe/protocol'
import type { TargetedSubmitEvent } from 'preact'
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { getAccount, watchAccount } from '../../core/account.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getModalState, watchModalState } from '../../core/modal.ts'
import { getNetwork, watchNetwork } from '../../core/network.ts'
import {
  dismissSendResult,
  formatAmount,
  getSendErrors,
  getSendState,
  type SendResult,
  type SendState,
  type SendToken,
  setSendAmount,
  setSendReceiver,
  setSendToken,
  watchSendState,
} from '../../core/send.ts'
import { estimateSendGas, fetchSendBalances, sendTokens } from '../../core/sendActions.ts'
import { Field } from '../Field.tsx'
import { useWatched } from '../useWatched.ts'

/** How long typing must pause before the fee is estimated again: one estimate per pause, not per key. */
const ESTIMATE_DELAY_MS = 300

/** From this length on a typed receiver is checked at once (an EVM address is 42 characters). */
const FULL_ADDRESS_LENGTH = 42

function tokenLabel(token: SendToken): string {
  const balance =
    token.balance === undefined ? '…' : formatBalance(formatAmount(token.balance, token.decimals))
  return `${token.symbol} (${balance})`
}

const usd = (value: number) => `$${value.toFixed(2)}`

/** The gas lines of the form (SPEC §5): price per gas, the fee in the native currency and in USD. */
function feeLines(state: SendState, native: SendToken | undefined): { price?: string; fee: string } {
  const { gasStatus, gasCost, gasPrice, gasPriceInUSD } = state
  if (gasStatus === 'estimating') return { fee: 'Estimating…' }
  if (gasStatus === 'failed') return { fee: 'Could not be estimated' }
  if (gasStatus !== 'estimated' || !native || gasCost === undefined || gasPrice === undefined)
    return { fee: '—' }
  const inUsd = gasPriceInUSD === undefined ? '' : ` (${usd(gasPriceInUSD)})`
  return {
    price: `${formatBalance(formatAmount(gasPrice, 9), 3)} gwei`,
    fee: `${formatBalance(formatAmount(gasCost, native.decimals), 6)} ${native.symbol}${inUsd}`,
  }
}

/**
 * Send (SPEC §4, §5, issue 15): token (native or one of the network's ERC20s, each with its balance),
 * amount, receiver (checked as typed: a wrong checksum or an unknown format is the field's error), the gas
 * price and fee and the gas rule; Send disabled while anything is wrong. Sending stays here: the embedded
 * wallet's approval shows over this view, and the outcome shows in it, a failure above Send with the form
 * as it was, a success as a panel with the hash that stays until the person leaves it.
 */
export function SendView({ kf }: { kf: Keyframe }) {
  const state = useWatched(kf, watchSendState, getSendState)
  const account = useWatched(kf, watchAccount, getAccount)
  const network = useWatched(kf, watchNetwork, getNetwork)
  const id = useId()
  const [touched, setTouched] = useState({ amount: false, receiverAddress: false })
  const { token, tokenBalances, sendTokenAmount, receiverAddress, loading, result } = state

  // The tokens and balances of the account's chain, read again when the account or the chain changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads again when the account or chain changes
  useLayoutEffect(() => {
    if (account.isConnected) void fetchSendBalances(kf)
  }, [kf, account.isConnected, account.address, account.chainId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: estimates again when the form changes
  useLayoutEffect(() => {
    const timer = setTimeout(() => void estimateSendGas(kf), ESTIMATE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [kf, token, sendTokenAmount, receiverAddress, account.chainId])

  // Leaving the view is leaving the outcome of the last send: the next visit shows the form.
  useLayoutEffect(() => () => dismissSendResult(kf), [kf])

  if (result?.status === 'started') return <SendStarted kf={kf} result={result} />

  const errors = getSendErrors(state, network.chainNamespace)
  const sending = result?.status === 'sending'
  const invalid = Object.keys(errors).length > 0
  const native = tokenBalances.find((t) => t.address === undefined)

  function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setTouched({ amount: true, receiverAddress: true })
    if (invalid || loading || sending) return
    // The outcome is the form's `result`; the error itself is for callers of sendTokens.
    void sendTokens(kf).catch(() => {})
  }

  const amountError = touched.amount ? errors.amount : undefined
  const receiverError =
    touched.receiverAddress || receiverAddress.length >= FULL_ADDRESS_LENGTH
      ? errors.receiverAddress
      : undefined
  const { price, fee } = feeLines(state, native)

  return (
    <form className="kf-stack" noValidate onSubmit={onSubmit} aria-busy={loading || sending || undefined}>
      <fieldset className="kf-fieldset kf-stack" disabled={sending}>
        <Field id={`${id}-token`} label="Token" error={tokenBalances.length > 0 ? errors.token : undefined}>
          {(control) => (
            <select
              className="kf-input kf-select"
              {...control}
              value={token?.address ?? 'native'}
              onChange={(event) => setSendToken(kf, event.currentTarget.value as 'native' | `0x${string}`)}
            >
              {tokenBalances.map((t) => (
                <option key={t.address ?? 'native'} value={t.address ?? 'native'}>
                  {tokenLabel(t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-amount`} label="Amount" error={amountError}>
          {(control) => (
            <input
              className="kf-input"
              {...control}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              value={sendTokenAmount}
              onInput={(event) => {
                setSendAmount(kf, event.currentTarget.value)
                setTouched((t) => ({ ...t, amount: true }))
              }}
            />
          )}
        </Field>
        <Field id={`${id}-receiver`} label="To" error={receiverError}>
          {(control) => (
            <input
              className="kf-input"
              {...control}
              name="receiver"
              autoComplete="off"
              spellcheck={false}
              placeholder={network.chainNamespace === 'solana' ? 'Solana address' : '0x…'}
              value={receiverAddress}
              onInput={(event) => setSendReceiver(kf, event.currentTarget.value)}
              onFocusOut={() => setTouched((t) => ({ ...t, receiverAddress: true }))}
            />
          )}
        </Field>
      </fieldset>
      <dl className="kf-account kf-fees" data-testid="kf-fee">
        {price && (
          <>
            <dt>Gas price</dt>
            <dd>{price}</dd>
          </>
        )}
        <dt>Network fee</dt>
        <dd>{fee}</dd>
      </dl>
      <p className="kf-error" role="alert">
        {errors.gas}
      </p>
      <p className="kf-info" role="status">
        {sending ? 'Confirm the transaction in your wallet…' : ''}
      </p>
      <p className="kf-error" role="alert" data-testid="kf-send-error">
        {result?.status === 'failed' ? result.message : ''}
      </p>
      <button
        className="kf-button kf-primary kf-block"
        type="submit"
        disabled={invalid || loading || sending}
      >
        Send
      </button>
    </form>
  )
}

/**
 * The outcome of a send that started (SPEC §4, §8 'Transaction started'): the hash, the explorer link when
 * the network names an explorer, copy; it stays until the person goes back to Account or sends another.
 */
function SendStarted({ kf, result }: { kf: Keyframe; result: Extract<SendResult, { status: 'started' }> }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const titleId = useId()
  const network = useWatched(kf, watchNetwork, getNetwork)
  const { resetTo, toasts } = kf._internal
  // The Send button that had focus is gone: focus moves to what replaced it, which a screen reader reads,
  // once it is on screen (the embedded wallet's approval may still cover this view when the hash comes).
  const shown = useWatched(kf, watchModalState, getModalState).view === 'Send'
  useLayoutEffect(() => {
    if (shown) heading.current?.focus({ preventScroll: true })
  }, [shown])

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(result.hash)
      toasts.show('success', 'Hash copied')
    } catch {
      toasts.show('error', 'Could not copy the hash')
    }
  }

  return (
    <section className="kf-stack" aria-labelledby={titleId} data-testid="kf-send-started">
      <h3 className="kf-title" id={titleId} ref={heading} tabIndex={-1}>
        Transaction started
      </h3>
      <dl className="kf-account">
        <dt>Hash</dt>
        <dd className="kf-hash" data-testid="kf-send-hash">
          {result.hash}
        </dd>
      </dl>
      <div className="kf-row">
        {result.explorerUrl && (
          <a
            className="kf-button kf-grow"
            href={result.explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            View on {network.blockExplorers?.default.name ?? 'explorer'}
          </a>
        )}
        <button type="button" className="kf-button kf-grow" onClick={() => void onCopy()}>
          Copy hash
        </button>
      </div>
      <button
        type="button"
        className="kf-button kf-primary kf-block"
        onClick={() => {
          dismissSendResult(kf)
          resetTo('Account')
        }}
      >
        Back to Account
      </button>
      <button type="button" className="kf-button kf-block" onClick={() => dismissSendResult(kf)}>
        Send another
      </button>
    </section>
  )
}
