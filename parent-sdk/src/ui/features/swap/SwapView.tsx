/** @jsxImportSource preact */
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { minimumOut, SWAPS_UNSUPPORTED, type SwapToken } from '@keyframe/protocol/chain-api/swaps'
import { SWAP_SLIPPAGE, UserRejectedRequestError } from '@keyframe/protocol/core'
import type { TargetedSubmitEvent } from 'preact'
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks'
import { ChainApiError } from '../../../api/chainApiError.ts'
import { getBalance } from '../../../api/getBalance.ts'
import { getFungiblePrice } from '../../../api/getFungiblePrice.ts'
import { getGasPrice } from '../../../api/getGasPrice.ts'
import { getSwapTokens } from '../../../api/getSwapTokens.ts'
import { getAccount, watchAccount } from '../../../core/account.ts'
import { holdOpen } from '../../../core/approval.ts'
import { getActiveConnector } from '../../../core/connectors.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { formatAmount, parseAmount } from '../../../core/send.ts'
import { chainApiOf } from '../../chainApi.ts'
import { Field } from '../../Field.tsx'
import { useWatched } from '../../useWatched.ts'
import { afterSwap } from './afterSwap.ts'
import { displayAmount, displayUsd } from './displayAmount.ts'
import { fetchQuote, type QuoteDetails } from './fetchQuote.ts'
import { formatPriceImpact, priceImpact } from './priceImpact.ts'
import { runSwap, type SwapStep } from './runSwap.ts'
import { isNativeAsset } from './swapAsset.ts'
import { getSwapErrors } from './swapErrors.ts'
import { swapStyles } from './swapStyles.ts'
import { type SwapChoice, type TokenGroup, tokenGroups } from './tokenGroups.ts'

/** How long typing must pause before a quote is asked for: one quote per pause, not per key. */
const QUOTE_DELAY_MS = 300

type Market =
  | { status: 'loading' }
  | { status: 'unsupported' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; tokens: SwapToken[]; balances: TokenBalance[]; gasPrice: bigint | undefined }

type Quote =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'failed'; message: string }
  | ({ status: 'ready'; amount: bigint } & QuoteDetails)

/** The spec's words for a failed call or a refused approval (SPEC §8). */
function failureText(error: unknown): string {
  if ((error as { code?: unknown } | null)?.code === UserRejectedRequestError.code)
    return 'Signature declined'
  if (error instanceof ChainApiError && error.status === 400) return error.message
  return 'Something went wrong'
}

function TokenSelect(props: {
  label: string
  value: string
  groups: readonly TokenGroup[]
  onChange(address: string): void
}) {
  return (
    <select
      className="kf-input kf-select kf-swap-token"
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    >
      {props.groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.tokens.map((token) => (
            <option key={token.address} value={token.address}>
              {token.symbol}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}

/**
 * Swap (SPEC §7 `/v1/convert/*`, §9 slippage 1 %): the token given and received, picked from the wallet's
 * tokens, the suggested and the popular ones; a quote as the amount is typed, with price impact, minimum
 * received and network fee; then allowance → approve → swap, each through the connected wallet's own
 * approval. On success it goes back to Account with 'Transaction started'; a failure stays here, the form
 * as typed. A network chain-api does not swap on says 'Network not supported for Swaps' (SPEC §8).
 */
export function SwapView({ kf }: { kf: Keyframe }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const api = chainApiOf(kf)
  const id = useId()
  const address = account.namespace === 'eip155' ? (account.address as `0x${string}` | undefined) : undefined
  const chainId = account.chainId
  const [market, setMarket] = useState<Market>({ status: 'loading' })
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [prices, setPrices] = useState<Record<string, number>>({})
  const [quote, setQuote] = useState<Quote>({ status: 'idle' })
  const [step, setStep] = useState<SwapStep | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  // Aborted when the view goes away (the person closed the modal or left): no further transaction is asked for.
  const lifetime = useRef<AbortController | undefined>(undefined)
  useEffect(() => {
    const controller = new AbortController()
    lifetime.current = controller
    return () => controller.abort()
  }, [])

  // The network's swappable tokens, the wallet's balances and the gas price, again for another account or chain.
  useEffect(() => {
    if (!api || !address || !chainId) return setMarket({ status: 'unsupported' })
    const controller = new AbortController()
    const { signal } = controller
    setMarket({ status: 'loading' })
    Promise.all([
      getSwapTokens(api, { chainId, signal }),
      getBalance(api, { address, chainId, signal }).catch(() => ({ balances: [] })),
      getGasPrice(api, { chainId, signal }).catch(() => undefined),
    ]).then(
      ([{ tokens }, { balances }, gas]) => {
        if (signal.aborted) return
        if (tokens.length === 0) return setMarket({ status: 'unsupported' })
        setMarket({ status: 'ready', tokens, balances, gasPrice: gas && BigInt(gas.standard) })
        const groups = tokenGroups(tokens, balances)
        const first = groups[0]?.tokens[0] ?? tokens[0]!
        setFrom((current) => (tokens.some((t) => t.address === current) ? current : first.address))
        setTo((current) =>
          tokens.some((t) => t.address === current)
            ? current
            : (tokens.find((t) => t.address !== first.address)?.address ?? ''),
        )
      },
      (error: unknown) => !signal.aborted && setMarket({ status: 'failed', message: failureText(error) }),
    )
    return () => controller.abort()
  }, [api, address, chainId])

  const groups = useMemo(
    () => (market.status === 'ready' ? tokenGroups(market.tokens, market.balances) : []),
    [market],
  )
  const choices = groups.flatMap((group) => group.tokens)
  const fromToken = choices.find((t) => t.address === from)
  const toToken = choices.find((t) => t.address === to)
  const nativeToken = choices.find((t) => isNativeAsset(t.address))
  const fromAmount = fromToken ? parseAmount(amount, fromToken.decimals) : undefined

  const nativeAddress = nativeToken?.address
  const pairKnown = fromToken !== undefined && toToken !== undefined

  // USD prices of the pair (and of the native currency, for the fee), for the price impact and the fee in dollars.
  useEffect(() => {
    if (!api || !from || !to) return
    const controller = new AbortController()
    const wanted = [...new Set([from, to, ...(nativeAddress ? [nativeAddress] : [])])]
    getFungiblePrice(api, { addresses: wanted, signal: controller.signal }).then(
      ({ fungibles }) =>
        setPrices(Object.fromEntries(fungibles.map((f) => [f.address.toLowerCase(), f.price]))),
      () => {},
    )
    return () => controller.abort()
  }, [api, from, to, nativeAddress])

  // The quote, once typing pauses; a newer form drops the answer of an older one.
  useEffect(() => {
    setFailure(undefined)
    if (!api || !address || !pairKnown || fromAmount === undefined || fromAmount <= 0n)
      return setQuote({ status: 'idle' })
    if (from === to) return setQuote({ status: 'none' })
    setQuote({ status: 'loading' })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetchQuote(api, { from, to, amount: fromAmount, account: address }, controller.signal).then(
        (found) => setQuote(found ? { status: 'ready', amount: fromAmount, ...found } : { status: 'none' }),
        (error: unknown) =>
          !controller.signal.aborted && setQuote({ status: 'failed', message: failureText(error) }),
      )
    }, QUOTE_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, address, pairKnown, from, to, fromAmount])

  if (market.status !== 'ready' || !api || !address || !chainId || !fromToken || !toToken) {
    return (
      <div className="kf-stack" aria-busy={market.status === 'loading' || undefined}>
        {market.status === 'loading' ? (
          <div className="kf-waiting" role="status">
            <span className="kf-spinner" aria-hidden="true" />
            Loading the tokens you can swap…
          </div>
        ) : (
          <p className="kf-text" role="alert">
            {market.status === 'failed' ? market.message : SWAPS_UNSUPPORTED}
          </p>
        )}
        {market.status === 'unsupported' && account.isConnected && (
          <button
            type="button"
            className="kf-button kf-block"
            onClick={() => kf._internal.navigate('Networks')}
          >
            Switch network
          </button>
        )}
      </div>
    )
  }

  const gasPrice = market.gasPrice
  const ready = quote.status === 'ready' ? quote : undefined
  const fee = ready?.gas !== undefined && gasPrice !== undefined ? ready.gas * gasPrice : undefined
  const errors = getSwapErrors({
    amount,
    from: {
      symbol: fromToken.symbol,
      decimals: fromToken.decimals,
      isNative: isNativeAsset(fromToken.address),
      balance: fromToken.balance ?? (market.balances.length > 0 ? 0n : undefined),
    },
    native: {
      symbol: nativeToken?.symbol ?? 'ETH',
      balance: nativeToken?.balance ?? (market.balances.length > 0 ? 0n : undefined),
    },
    fee,
  })
  const priceOf = (token: SwapChoice) => prices[token.address.toLowerCase()] ?? token.price
  const impact =
    ready &&
    priceImpact({
      fromAmount: Number(formatAmount(ready.amount, fromToken.decimals)),
      fromPrice: priceOf(fromToken),
      toAmount: Number(formatAmount(ready.toAmount, toToken.decimals)),
      toPrice: priceOf(toToken),
    })
  const nativePrice = nativeToken && priceOf(nativeToken)
  const busy = step !== undefined
  const canSwap = ready !== undefined && Object.keys(errors).length === 0 && !busy
  const problem = errors.amount ?? errors.gas ?? (quote.status === 'failed' ? quote.message : failure)
  const status =
    quote.status === 'loading'
      ? 'Getting a quote…'
      : quote.status === 'none'
        ? 'No swap route between these tokens'
        : step === 'approving'
          ? `Approve ${fromToken.symbol} in your wallet…`
          : step === 'swapping'
            ? 'Confirm the swap in your wallet…'
            : ''

  function flip() {
    setFrom(to)
    setTo(from)
    if (ready) setAmount(formatAmount(ready.toAmount, toToken!.decimals))
  }

  function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!canSwap || !ready || !api || !address || !chainId) return
    const pair = { from: fromToken!.address, to: toToken!.address, amount: ready.amount, account: address }
    setFailure(undefined)
    setStep(ready.needsApprove ? 'approving' : 'swapping')
    // The approval of each transaction goes back to this view instead of closing the modal.
    const release = holdOpen(kf)
    void (async () => {
      try {
        const connector = getActiveConnector(kf, 'eip155')
        if (!connector) throw new Error('Keyframe: no wallet connected.')
        const provider = await connector.getProvider()
        const hash = await runSwap(api, provider, pair, setStep, lifetime.current?.signal)
        kf._internal.toasts.show('success', 'Transaction started')
        kf._internal.resetTo('Account')
        void afterSwap(kf, provider, hash)
      } catch (error) {
        setFailure(failureText(error))
        setStep(undefined)
        // An approve may have landed before the refusal: the button then says Swap alone.
        fetchQuote(api, pair, lifetime.current?.signal).then(
          (found) =>
            found &&
            setQuote((shown) =>
              shown === ready ? { status: 'ready', amount: pair.amount, ...found } : shown,
            ),
          () => {},
        )
      } finally {
        release()
      }
    })()
  }

  const balanceText = (token: SwapChoice) =>
    token.balance === undefined
      ? `No ${token.symbol} yet`
      : `Balance: ${displayAmount(token.balance, token.decimals)} ${token.symbol}`

  return (
    <form className="kf-stack" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <style>{swapStyles}</style>
      <Field
        id={`${id}-amount`}
        label="You pay"
        error={errors.amount}
        errorId={`${id}-problem`}
        className="kf-swap-side"
      >
        {(control) => (
          <>
            <div className="kf-swap-row">
              <input
                className="kf-input kf-swap-amount"
                {...control}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.0"
                value={amount}
                onInput={(event) => setAmount(event.currentTarget.value)}
              />
              <TokenSelect label="Token you pay" value={from} groups={groups} onChange={setFrom} />
            </div>
            <p className="kf-swap-hint">{balanceText(fromToken)}</p>
          </>
        )}
      </Field>
      <button type="button" className="kf-icon-button kf-swap-flip" aria-label="Switch tokens" onClick={flip}>
        <svg viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path
            d="M7 3.5v13m0 0L3.5 13M7 16.5l3.5-3.5M13 16.5v-13m0 0L9.5 7M13 3.5 16.5 7"
            stroke="currentColor"
            stroke-width="1.6"
            stroke-linecap="round"
            stroke-linejoin="round"
          />
        </svg>
      </button>
      <div className="kf-swap-side">
        <span className="kf-label" id={`${id}-receive`}>
          You receive
        </span>
        <div className="kf-swap-row">
          <output
            className="kf-input kf-swap-amount kf-swap-out"
            aria-labelledby={`${id}-receive`}
            data-testid="kf-swap-out"
          >
            {ready ? displayAmount(ready.toAmount, toToken.decimals) : '0.0'}
          </output>
          <TokenSelect label="Token you receive" value={to} groups={groups} onChange={setTo} />
        </div>
        <p className="kf-swap-hint">{balanceText(toToken)}</p>
      </div>
      {ready && (
        <dl className="kf-account kf-swap-details" aria-label="Swap details">
          <dt>Price impact</dt>
          <dd>{impact === undefined ? 'Unknown' : formatPriceImpact(impact)}</dd>
          <dt>Minimum received</dt>
          <dd>
            {displayAmount(minimumOut(ready.toAmount, SWAP_SLIPPAGE), toToken.decimals)} {toToken.symbol}
          </dd>
          <dt>Network fee</dt>
          <dd>
            {fee === undefined || !nativeToken
              ? 'Unknown'
              : `${displayAmount(fee, nativeToken.decimals)} ${nativeToken.symbol}${
                  nativePrice
                    ? ` (${displayUsd(Number(formatAmount(fee, nativeToken.decimals)) * nativePrice)})`
                    : ''
                }`}
          </dd>
          <dt>Slippage tolerance</dt>
          <dd>{SWAP_SLIPPAGE} %</dd>
        </dl>
      )}
      <p className="kf-info" role="status">
        {status}
      </p>
      <p className="kf-error" id={`${id}-problem`} role="alert">
        {problem}
      </p>
      <button className="kf-button kf-primary kf-block" type="submit" disabled={!canSwap}>
        {ready?.needsApprove ? `Approve ${fromToken.symbol} and swap` : 'Swap'}
      </button>
    </form>
  )
}
