/**
 * The on-ramp's endpoints: options, quotes, the URL generator, and the sandbox provider's page and payment.
 * @module
 */
import {
  generateOnrampUrl,
  getOnrampOptions,
  getOnrampQuote,
  getOnrampSandboxPage,
  payOnrampSandbox,
} from '@keyframe/protocol/chain-api/onramp'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { findAsset, resolveNetwork } from './assets.ts'
import { createPurchase } from './createPurchase.ts'
import { isFiatCurrency, parseCents } from './fiat.ts'
import { onrampOptionsOf } from './options.ts'
import { payPurchase } from './payPurchase.ts'
import { quoteAnswer, quotePurchase } from './quote.ts'
import { sandboxPage, sandboxPageHeaders } from './sandboxPage.ts'
import { createSandboxPayer } from './sandboxPayer.ts'
import { findSession } from './sessions.ts'

const idOf = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id)

export function onrampRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  const key = ctx.config.onrampSandbox?.privateKey
  const payer = key ? createSandboxPayer(key) : undefined
  const networkName = (caip2: string) => ctx.chains.get(caip2)?.name ?? caip2

  route(app, getOnrampOptions, () => onrampOptionsOf(ctx.chains.list()))

  route(app, getOnrampQuote, async ({ body }) => {
    const currency = idOf(body.paymentCurrency).toUpperCase()
    if (!isFiatCurrency(currency)) fail(400, 'invalid_params', 'paymentCurrency: Expected USD or EUR')
    const chain = resolveNetwork(ctx.chains.list(), body.network)
    if (!chain) fail(400, 'unsupported_chain', 'Network not supported for On-ramp')
    const symbol = idOf(body.purchaseCurrency)
    const asset = findAsset(chain, symbol)
    if (!asset) fail(400, 'unsupported_asset', `${symbol} is not sold on ${chain.caip2}`)
    const quote = await quotePurchase(ctx, {
      asset,
      totalCents: parseCents(body.amount),
      currency,
      method: body.paymentMethod ?? 'card',
    })
    return quoteAnswer(quote, currency, asset)
  })

  route(app, generateOnrampUrl, async ({ body, project }) => {
    const { url } = await createPurchase(ctx, project.id, body)
    return { url }
  })

  route(app, getOnrampSandboxPage, async ({ params, c }) => {
    const session = await findSession(ctx.db, params.id)
    if (!session) fail(404, 'not_found', 'Unknown purchase')
    return c.html(
      sandboxPage({ session, networkName: networkName(session.chain), now: ctx.now() }),
      200,
      sandboxPageHeaders(),
    )
  })

  route(app, payOnrampSandbox, async ({ params, c }) => {
    const paid = await payPurchase(ctx, payer, params.id)
    return c.html(
      sandboxPage({
        session: paid.session,
        networkName: networkName(paid.session.chain),
        now: ctx.now(),
        paid: { txHash: paid.txHash, blockNumber: paid.blockNumber },
      }),
      200,
      sandboxPageHeaders(),
    )
  })
}
