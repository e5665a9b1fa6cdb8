/**
 * Paying a purchase at the sandbox provider: claim the session (`open` → `paying`, one winner), send the asset
 * from the sandbox account, wait for the receipt, record the outcome. Refusals leave the session as it was.
 * @module
 */
import { fail } from '@keyframe/server-kit'
import { BaseError, type Hash } from 'viem'
import type { ChainApiContext } from '../context.ts'
import type { OnrampSession } from './db/schema.ts'
import type { SandboxPayer } from './sandboxPayer.ts'
import { claimSession, findSession, finishSession, recordSent, releaseSession } from './sessions.ts'

/** How long the pay request waits for the transfer's receipt. */
export const RECEIPT_TIMEOUT_MS = 30_000

export type PaidPurchase = { session: OnrampSession; txHash: Hash; blockNumber: bigint }

/** A reason fit for the buyer: viem's short message (never its details, which may name the RPC URL). */
function reasonOf(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : 'unknown error'
}

/**
 * Pays purchase `id`.
 * @throws HTTPException 404 unknown; 400 no sandbox account, unconfigured or non-test network; 409 already
 * paid (or being paid); 410 expired; 502 the transfer failed or was not confirmed in time.
 */
export async function payPurchase(
  ctx: ChainApiContext,
  payer: SandboxPayer | undefined,
  id: string,
): Promise<PaidPurchase> {
  const session = await findSession(ctx.db, id)
  if (!session) fail(404, 'not_found', 'Unknown purchase')
  if (!payer) fail(400, 'sandbox_unavailable', 'The on-ramp sandbox is not configured')
  const chain = ctx.chains.get(session.chain)
  if (!chain) fail(400, 'unsupported_chain', 'Network not supported for On-ramp')
  // The sandbox key is refused in production; this keeps a misconfigured one away from real money too.
  if (!chain.testnet) fail(400, 'not_testnet', 'The sandbox pays on test networks only')

  const claimed = await claimSession(ctx.db, id, ctx.now())
  if (!claimed) {
    const current = await findSession(ctx.db, id)
    if (current?.status === 'open') fail(410, 'expired', 'Purchase expired')
    fail(409, 'already_paid', 'Purchase already paid')
  }

  let txHash: Hash
  try {
    txHash = await payer.send({
      chain,
      to: claimed.destination as `0x${string}`,
      amount: BigInt(claimed.amount),
      token: (claimed.tokenAddress ?? undefined) as `0x${string}` | undefined,
      symbol: claimed.symbol,
      decimals: claimed.decimals,
    })
  } catch (error) {
    await releaseSession(ctx.db, id)
    ctx.log.warn('onramp: sandbox payment not sent', { purchase: id, chain: chain.caip2, error })
    fail(502, 'sandbox_payment_failed', `Sandbox payment failed: ${reasonOf(error)}`)
  }
  await recordSent(ctx.db, id, txHash)

  let receipt: Awaited<ReturnType<typeof chain.client.waitForTransactionReceipt>>
  try {
    receipt = await chain.client.waitForTransactionReceipt({
      hash: txHash,
      timeout: RECEIPT_TIMEOUT_MS,
      pollingInterval: 100,
    })
  } catch {
    // Sent but unconfirmed: the session stays `paying` with its hash, so it is never paid twice.
    fail(502, 'sandbox_payment_pending', `Sandbox payment ${txHash} is not confirmed yet`)
  }
  if (receipt.status !== 'success') {
    await finishSession(ctx.db, id, 'failed', ctx.now())
    fail(502, 'sandbox_payment_failed', `Sandbox payment ${txHash} reverted`)
  }
  const paidAt = ctx.now()
  await finishSession(ctx.db, id, 'paid', paidAt)
  return { session: { ...claimed, status: 'paid', txHash, paidAt }, txHash, blockNumber: receipt.blockNumber }
}
