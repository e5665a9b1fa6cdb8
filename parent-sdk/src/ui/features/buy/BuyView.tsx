/** @jsxImportSource preact */
import type { OnrampOptions, OnrampQuote } from '@keyframe/protocol/chain-api/onramp'
import type { TargetedSubmitEvent } from 'preact'
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { ChainApiError } from '../../../api/chainApiError.ts'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { generateOnrampUrl } from '../../../api/generateOnrampUrl.ts'
import { getOnrampOptions } from '../../../api/getOnrampOptions.ts'
import { getOnrampQuote } from '../../../api/getOnrampQuote.ts'
import { getAccount, watchAccount } from '../../../core/account.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { getNetwork, watchNetwork } from '../../../core/network.ts'
import { refreshBalances } from '../../account/refreshBalances.ts'
import { chainApiOf } from '../../chainApi.ts'
import { Field } from '../../Field.tsx'
import { useViewSignal } from '../../hooks.ts'
import { useWatched } from '../../useWatched.ts'
import {
  amountError,
  type BuyableAsset,
  buyableOn,
  buyNetworksOf,
  isQuotable,
  limitsOf,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './buyOptions.ts'
import { buyStyles } from './buyStyles.ts'
import { NOT_A_WEB_PAGE, providerPageUrl } from './providerPageUrl.ts'
import { ONRAMP_PROVIDERS } from './providers.ts'
import { isMockedQuote, quoteFigures } from './quoteFigures.ts'
import { knownPurchases, waitForPurchase } from './waitForPurchase.ts'

/** How long typing must pause before a quote is asked: one quote per pause, not per key. */
const QUOTE_DELAY_MS = 400

type QuoteState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; quote: OnrampQuote }
  | { kind: 'failed'; message: string }

/**
 * Buy (on-ramp, SPEC §7–§9): the asset (sold on the connected network), payment currency and method, the
 * amount within the method's limits, the providers' quotes with their fees, then the chosen provider's page
 * in a new tab. The view waits there until the purchase shows in the account's on-ramp history, then goes
 * back to Account with the balance read again.
 */
export function BuyView({ kf }: { kf: Keyframe }) {
  const api = chainApiOf(kf)
  const viewSignal = useViewSignal()
  const [options, setOptions] = useState<OnrampOptions>()

  useLayoutEffect(() => {
    if (!api) return
    const signal = viewSignal()
    getOnrampOptions(api, { signal }).then(setOptions, () => {})
  }, [api, viewSignal])

  if (!api) return <p className="kf-note">Buying crypto is not available in this app.</p>
  if (!options)
    return (
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Loading what you can buy…
      </p>
    )
  return <BuyForm kf={kf} api={api} options={options} />
}

type Waiting = { url: string; opened: boolean; what: string }

function BuyForm({ kf, api, options }: { kf: Keyframe; api: ChainApi; options: OnrampOptions }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const network = useWatched(kf, watchNetwork, getNetwork)
  const viewSignal = useViewSignal()
  const id = useId()
  const { toasts, resetTo, navigate } = kf._internal

  const assets = buyableOn(options, network)
  const currencies = options.paymentCurrencies.map((c) => c.id)
  const [assetId, setAssetId] = useState<string>()
  const [currency, setCurrency] = useState(currencies[0] ?? 'USD')
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [amount, setAmount] = useState('')
  const [provider, setProvider] = useState(ONRAMP_PROVIDERS[0]?.id)
  const [quote, setQuote] = useState<QuoteState>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  const [waiting, setWaiting] = useState<Waiting>()
  // The purchase being waited for: aborted when the person changes it, or with the view.
  const purchase = useRef<AbortController | undefined>(undefined)

  const asset: BuyableAsset | undefined = assets.find((a) => a.id === assetId) ?? assets[0]
  const limits = limitsOf(options, currency, method)
  const error = amountError(amount, limits, currency, method)
  const quotable = asset !== undefined && isQuotable(amount, limits, currency, method)

  // A quote for what the form says, once typing pauses; a newer form aborts the older quote.
  const assetKey = asset?.id
  const assetNetwork = asset?.network.name
  useLayoutEffect(() => {
    if (!quotable || !assetKey || !assetNetwork) {
      setQuote({ kind: 'idle' })
      return
    }
    setQuote({ kind: 'loading' })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      getOnrampQuote(api, {
        purchaseCurrency: assetKey,
        paymentCurrency: currency,
        amount: amount.trim(),
        network: assetNetwork,
        paymentMethod: method,
        signal: controller.signal,
      }).then(
        (result) => setQuote({ kind: 'ready', quote: result }),
        (cause: unknown) => {
          if (controller.signal.aborted) return
          setQuote({
            kind: 'failed',
            message: cause instanceof ChainApiError ? cause.message : 'Something went wrong',
          })
        },
      )
    }, QUOTE_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, quotable, assetKey, assetNetwork, currency, method, amount])

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="kf-stack">
        <p className="kf-note">Connect a wallet to buy crypto.</p>
        <button type="button" className="kf-button kf-primary kf-block" onClick={() => resetTo('Connect')}>
          Connect
        </button>
      </div>
    )
  }
  const address = account.address

  if (waiting)
    return (
      <WaitingView
        waiting={waiting}
        onCancel={() => {
          purchase.current?.abort()
          setWaiting(undefined)
        }}
      />
    )

  if (!asset) {
    const elsewhere = buyNetworksOf(options)
    return (
      <div className="kf-stack">
        <p className="kf-text">
          Buying crypto is not available on {network.name}.
          {elsewhere.length > 0 && ` It is on ${elsewhere.join(', ')}.`}
        </p>
        {elsewhere.length > 0 && (
          <button type="button" className="kf-button kf-block" onClick={() => navigate('Networks')}>
            Switch network
          </button>
        )}
      </div>
    )
  }

  async function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || quote.kind !== 'ready' || !asset || !provider) return
    const controller = new AbortController()
    purchase.current = controller
    const viewAborted = viewSignal()
    if (viewAborted.aborted) return
    viewAborted.addEventListener('abort', () => controller.abort(), { once: true })
    const { signal } = controller
    const chosen = quote.quote
    // Opened now, while the click still counts as the person's: a tab opened after the request would be
    // blocked as a popup by some browsers. It gets the provider's address once chain-api gives it.
    const tab = window.open('', '_blank')
    setBusy(true)
    setFailure(undefined)
    try {
      const query = { address, chainId: asset.network.name, signal }
      const known = await knownPurchases(api, query)
      const generated = await generateOnrampUrl(api, {
        destinationWallets: [{ address, blockchains: [asset.network.name], assets: [asset.id] }],
        defaultNetwork: asset.network.name,
        partnerUserId: address,
        signal,
        // What the quote showed arrives; a mocked quote knows no amount, so the fiat amount goes (USD only).
        ...(isMockedQuote(chosen)
          ? currency === 'USD'
            ? { presetFiatAmount: amount.trim() }
            : {}
          : { presetCryptoAmount: chosen.purchaseAmount.value }),
      })
      const url = providerPageUrl(generated.url)
      if (tab) {
        // The provider's page gets no handle on the dApp's window.
        tab.opener = null
        tab.location.href = url
      }
      const what = isMockedQuote(chosen) ? asset.symbol : `${chosen.purchaseAmount.value} ${asset.symbol}`
      setWaiting({ url, opened: tab !== null, what })
      setBusy(false)
      const landed = await waitForPurchase(api, { ...query, known })
      if (landed.metadata.status !== 'confirmed') {
        setWaiting(undefined)
        setFailure('The purchase failed. Nothing was delivered.')
        return
      }
      const received = landed.transfers.find((t) => t.direction === 'in')
      // Balances and NFTs read again past the caches, so Account shows what arrived.
      await refreshBalances(kf)
      toasts.show(
        'success',
        received
          ? `Purchase received: ${received.quantity.numeric} ${received.fungible_info?.symbol ?? asset.symbol}`
          : 'Purchase received',
      )
      resetTo('Account')
    } catch (cause) {
      if (signal.aborted) {
        setBusy(false)
        return
      }
      tab?.close()
      setWaiting(undefined)
      setBusy(false)
      setFailure(
        cause instanceof ChainApiError || (cause instanceof Error && cause.message === NOT_A_WEB_PAGE)
          ? cause.message
          : 'Something went wrong',
      )
    }
  }

  const figures = quote.kind === 'ready' ? quoteFigures(quote.quote) : undefined
  const providerName = ONRAMP_PROVIDERS.find((p) => p.id === provider)?.name ?? 'the provider'
  return (
    <form
      className="kf-stack"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={busy || undefined}
    >
      <style>{buyStyles}</style>
      <div className="kf-buy-pair">
        <div className="kf-field">
          <label className="kf-label" htmlFor={`${id}-asset`}>
            You buy
          </label>
          <select
            className="kf-input kf-select"
            id={`${id}-asset`}
            value={asset.id}
            onChange={(event) => setAssetId(event.currentTarget.value)}
          >
            {assets.map((a) => (
              <option key={a.id} value={a.id}>
                {a.symbol}
              </option>
            ))}
          </select>
        </div>
        <div className="kf-field">
          <label className="kf-label" htmlFor={`${id}-currency`}>
            Pay in
          </label>
          <select
            className="kf-input kf-select"
            id={`${id}-currency`}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="kf-field">
        <label className="kf-label" htmlFor={`${id}-method`}>
          Payment method
        </label>
        <select
          className="kf-input kf-select"
          id={`${id}-method`}
          value={method}
          onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <Field
        id={`${id}-amount`}
        label={`Amount (${currency})`}
        error={error}
        hint={`Between ${limits.min} and ${limits.max} ${currency}`}
      >
        {(control) => (
          <input
            className="kf-input"
            {...control}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(limits.min)}
            value={amount}
            onInput={(event) => setAmount(event.currentTarget.value)}
          />
        )}
      </Field>
      <fieldset className="kf-providers" aria-busy={quote.kind === 'loading' || undefined}>
        <legend>Quotes</legend>
        {quote.kind === 'idle' && <p className="kf-info">Enter an amount to see the quotes.</p>}
        {quote.kind === 'loading' && (
          <p className="kf-waiting" role="status">
            <span className="kf-spinner" aria-hidden="true" />
            Getting quotes…
          </p>
        )}
        {quote.kind === 'failed' && (
          <p className="kf-error" role="alert">
            {quote.message}
          </p>
        )}
        {figures &&
          ONRAMP_PROVIDERS.map((p) => (
            <label key={p.id} className="kf-provider" data-provider={p.id}>
              <input
                type="radio"
                name="provider"
                value={p.id}
                checked={provider === p.id}
                onChange={() => setProvider(p.id)}
              />
              <span className="kf-provider-name">{p.name}</span>
              <span className="kf-provider-note">{p.description}</span>
              {figures.receive ? (
                <dl>
                  <dt>You get</dt>
                  <dd data-testid="kf-quote-receive">{figures.receive}</dd>
                  <dt>Provider fee</dt>
                  <dd data-testid="kf-quote-fee">{figures.providerFee}</dd>
                  <dt>Network fee</dt>
                  <dd>{figures.networkFee}</dd>
                  <dt>You pay</dt>
                  <dd>{figures.total}</dd>
                </dl>
              ) : (
                <span className="kf-provider-note">No quote now: the provider's page shows the amount.</span>
              )}
            </label>
          ))}
      </fieldset>
      <p className="kf-error" role="alert">
        {failure}
      </p>
      <button
        className="kf-button kf-primary kf-block"
        type="submit"
        disabled={quote.kind !== 'ready' || !provider || busy}
      >
        {busy ? 'Opening…' : `Continue to ${providerName}`}
      </button>
    </form>
  )
}

/** While the provider's page is open: what to do there, the page again, and a way back to the form. */
function WaitingView({ waiting, onCancel }: { waiting: Waiting; onCancel(): void }) {
  return (
    <div className="kf-stack">
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Waiting for your purchase…
      </p>
      <p className="kf-text">
        {waiting.opened
          ? `Finish buying ${waiting.what} on the provider's page in the new tab.`
          : `Open the provider's page to buy ${waiting.what}.`}{' '}
        This goes back to your account when it arrives.
      </p>
      <a className="kf-button kf-block" href={waiting.url} target="_blank" rel="noopener noreferrer">
        {waiting.opened ? "Open the provider's page again" : "Open the provider's page"}
      </a>
      <button type="button" className="kf-button kf-link" onClick={onCancel}>
        Change the purchase
      </button>
    </div>
  )
}
