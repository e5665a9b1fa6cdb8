/** @jsxImportSource preact */
import { formatBalance } from '@keyframe/protocol'
import type { TargetedSubmitEvent } from 'preact'
import { useId, useLayoutEffect, useState } from 'preact/hooks'
import { getAccount, watchAccount } from '../../core/account.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import {
  estimateSendGas,
  fetchSendBalances,
  formatAmount,
  getSendErrors,
  getSendState,
  type SendToken,
  sendTokens,
  setSendAmount,
  setSendReceiver,
  setSendToken,
  watchSendState,
} from '../../core/send.ts'
import { useWatched } from '../useWatched.ts'

/** How long typing must pause before the fee is estimated again: one estimate per pause, not per key. */
const ESTIMATE_DELAY_MS = 300

function tokenLabel(token: SendToken): string {
  const balance =
    token.balance === undefined ? '…' : formatBalance(formatAmount(token.balance, token.decimals))
  return `${token.symbol} (${balance})`
}

/**
 * Send (SPEC §4, §5): token (native or one of the network's ERC20s, each with its balance), amount,
 * receiver, the estimated fee; each field's problem under it once touched, and Send disabled while any
 * remains. Sending goes back to Account first; the toast then says how it went.
 */
export function SendView({ kf }: { kf: Keyframe }) {
  const state = useWatched(kf, watchSendState, getSendState)
  const account = useWatched(kf, watchAccount, getAccount)
  const id = useId()
  const [touched, setTouched] = useState({ amount: false, receiverAddress: false })
  const { token, tokenBalances, sendTokenAmount, receiverAddress, gasCost, gasStatus, loading } = state

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

  const errors = getSendErrors(state)
  const invalid = Object.keys(errors).length > 0
  const native = tokenBalances.find((t) => t.address === undefined)

  function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setTouched({ amount: true, receiverAddress: true })
    if (invalid || loading) return
    void sendTokens(kf).catch(() => {})
  }

  const amountError = touched.amount ? errors.amount : undefined
  const receiverError = touched.receiverAddress ? errors.receiverAddress : undefined
  const fee =
    gasStatus === 'estimated' && native && gasCost !== undefined
      ? `Estimated fee: ${formatBalance(formatAmount(gasCost, native.decimals), 6)} ${native.symbol}`
      : gasStatus === 'estimating'
        ? 'Estimating the fee…'
        : gasStatus === 'failed'
          ? 'The fee could not be estimated'
          : ''

  return (
    <form className="kf-stack" noValidate onSubmit={onSubmit} aria-busy={loading || undefined}>
      <div className="kf-field">
        <label className="kf-label" htmlFor={`${id}-token`}>
          Token
        </label>
        <select
          className="kf-input kf-select"
          id={`${id}-token`}
          value={token?.address ?? 'native'}
          onChange={(event) => setSendToken(kf, event.currentTarget.value as 'native' | `0x${string}`)}
        >
          {tokenBalances.map((t) => (
            <option key={t.address ?? 'native'} value={t.address ?? 'native'}>
              {tokenLabel(t)}
            </option>
          ))}
        </select>
        <p className="kf-error" role="alert">
          {tokenBalances.length > 0 ? errors.token : undefined}
        </p>
      </div>
      <div className="kf-field">
        <label className="kf-label" htmlFor={`${id}-amount`}>
          Amount
        </label>
        <input
          className="kf-input"
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={sendTokenAmount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`${id}-amount-error`}
          onInput={(event) => {
            setSendAmount(kf, event.currentTarget.value)
            setTouched((t) => ({ ...t, amount: true }))
          }}
        />
        <p className="kf-error" id={`${id}-amount-error`} role="alert">
          {amountError}
        </p>
      </div>
      <div className="kf-field">
        <label className="kf-label" htmlFor={`${id}-receiver`}>
          To
        </label>
        <input
          className="kf-input"
          id={`${id}-receiver`}
          name="receiver"
          autoComplete="off"
          spellcheck={false}
          placeholder="0x…"
          value={receiverAddress}
          aria-invalid={receiverError ? true : undefined}
          aria-describedby={`${id}-receiver-error`}
          onInput={(event) => setSendReceiver(kf, event.currentTarget.value)}
          onFocusOut={() => setTouched((t) => ({ ...t, receiverAddress: true }))}
        />
        <p className="kf-error" id={`${id}-receiver-error`} role="alert">
          {receiverError}
        </p>
      </div>
      <p className="kf-info" data-testid="kf-fee">
        {fee}
      </p>
      <p className="kf-error" role="alert">
        {errors.gas}
      </p>
      <button className="kf-button kf-primary kf-block" type="submit" disabled={invalid || loading}>
        Send
      </button>
    </form>
  )
}
