/**
 * `/v1/generators/onrampurl`: turns the dApp's request into a stored purchase — network, asset, destination and
 * the exact amount to deliver — and answers the URL of its sandbox page.
 * @module
 */
import type { onrampUrlRequest } from '@keyframe/protocol/chain-api/onramp'
import { DEFAULT_ONRAMP_LIMITS } from '@keyframe/protocol/core'
import { fail } from '@keyframe/server-kit'
import { parseUnits } from 'viem'
import type * as z from 'zod/mini'
import type { ChainConfig } from '../config.ts'
import type { ChainApiContext } from '../context.ts'
import { findAsset, type PurchaseAsset, priceUsdOf, resolveNetwork } from './assets.ts'
import type { OnrampSession } from './db/schema.ts'
import { centsOfNumber, formatCents, parseCents } from './fiat.ts'
import { quotePurchase } from './quote.ts'
import { createSession, newSessionId, ONRAMP_SESSION_TTL_MS } from './sessions.ts'

/** USD spent when the request presets no amount. */
export const DEFAULT_FIAT_AMOUNT_USD = 100

type Request = z.output<typeof onrampUrlRequest>

/** A JSON number or a decimal string as plain decimal text (no exponent). */
function decimalText(value: number | string): string {
  if (typeof value === 'string') return value
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}

/** The network named by the request, else the first test network, else the first configured one. */
function chooseChain(ctx: ChainApiContext, body: Request): ChainConfig {
  const wallet = body.destinationWallets[0]!
  const named = body.defaultNetwork ?? wallet.blockchains?.[0] ?? wallet.supportedNetworks?.[0]
  const chains = ctx.config.chains
  const chain =
    named === undefined ? (chains.find((c) => c.testnet) ?? chains[0]) : resolveNetwork(chains, named)
  if (!chain) fail(400, 'unsupported_chain', 'Network not supported for On-ramp')
  return chain
}

function chooseAsset(chain: ChainConfig, body: Request): PurchaseAsset {
  const symbol = body.destinationWallets[0]!.assets?.[0] ?? chain.nativeCurrency.symbol
  const asset = findAsset(chain, symbol)
  if (!asset) fail(400, 'unsupported_asset', `${symbol} is not sold on ${chain.caip2}`)
  return asset
}

/** Base units to deliver, and the USD total shown on the page (fiat presets only). */
async function amountOf(
  ctx: ChainApiContext,
  asset: PurchaseAsset,
  body: Request,
): Promise<{ units: bigint; fiatTotal: string | null }> {
  if (body.presetCryptoAmount !== undefined) {
    const text = decimalText(body.presetCryptoAmount)
    const [whole = '0', fraction = ''] = text.split('.')
    // Digits past the asset's decimals cannot be sent: they are cut, not rounded up.
    const units = parseUnits(`${whole}.${fraction.slice(0, asset.decimals) || '0'}`, asset.decimals)
    if (units <= 0n) fail(400, 'invalid_params', 'presetCryptoAmount: Expected a positive amount')
    const price = priceUsdOf(ctx.config, asset)
    const max = DEFAULT_ONRAMP_LIMITS.bank.max
    if (price !== undefined && Number(text) * price > max)
      fail(400, 'amount_out_of_range', `Amount must be at most ${max} USD`)
    return { units, fiatTotal: null }
  }
  const totalCents =
    body.presetFiatAmount === undefined
      ? BigInt(DEFAULT_FIAT_AMOUNT_USD) * 100n
      : typeof body.presetFiatAmount === 'number'
        ? centsOfNumber(body.presetFiatAmount)
        : parseCents(Number(body.presetFiatAmount).toFixed(2))
  const quote = await quotePurchase(ctx, { asset, totalCents, currency: 'USD', method: 'card' })
  return { units: quote.purchaseUnits, fiatTotal: formatCents(totalCents) }
}

/**
 * Stores the purchase and answers its URL.
 * @throws HTTPException 400 unsupported network or asset, amount out of range, no price for a fiat amount.
 */
export async function createPurchase(
  ctx: ChainApiContext,
  projectId: string,
  body: Request,
): Promise<{ url: string; session: OnrampSession }> {
  const chain = chooseChain(ctx, body)
  const asset = chooseAsset(chain, body)
  const { units, fiatTotal } = await amountOf(ctx, asset, body)
  const now = ctx.now()
  const session = await createSession(ctx.db, {
    id: newSessionId(),
    projectId,
    partnerUserId: body.partnerUserId,
    chain: chain.caip2,
    symbol: asset.symbol,
    tokenAddress: asset.token?.toLowerCase() ?? null,
    decimals: asset.decimals,
    amount: units.toString(),
    fiatTotal,
    destination: body.destinationWallets[0]!.address.toLowerCase(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ONRAMP_SESSION_TTL_MS),
  })
  return { url: `${ctx.config.publicUrl}/sandbox/onramp/${session.id}`, session }
}
