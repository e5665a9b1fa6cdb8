/**
 * wallet_sendCalls (EIP-5792) for an EOA: one approval for the whole batch, then the calls are sent one by
 * one, in order, each once the node accepted the previous one. Not atomic (wallet_getCapabilities says so):
 * if a call cannot be sent, the ones after it are not sent, and wallet_getCallsStatus reports it.
 * @module
 */
import { InvalidParamsError } from '@keyframe/protocol/core'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import { type Address, bytesToHex, type Hex, isAddress } from 'viem'
import { estimateGas } from 'viem/actions'
import { approve } from './approval.ts'
import type { SentBatch } from './callsStatus.ts'
import { type ChainClient, chainClient } from './client.ts'
import { type Call, describeCall } from './describeCall.ts'
import { AtomicityNotSupportedError, DuplicateBatchIdError, UnsupportedCapabilityError } from './errors.ts'
import { estimateFees, formatFee, prepareTransaction, pricePerGas } from './prepareTransaction.ts'
import { sendPrepared } from './sendPrepared.ts'
import { detailsBase, type Signing, signingAccount } from './signing.ts'

const METHOD = 'wallet_sendCalls'

/** wallet_sendCalls params, as the protocol's schema parsed them. */
export type SendCallsRequest = {
  id?: string | undefined
  from?: string | undefined
  atomicRequired?: boolean | undefined
  calls: { to: string; data?: string | undefined; value?: string | undefined }[]
  capabilities?: Record<string, unknown> | undefined
}

/**
 * Sends a batch of calls from the session's account after one approval.
 * @returns `{ id }`, for wallet_getCallsStatus (the dApp's own `id` when it gave one).
 * @throws UnauthorizedError (4100) when `from` is another account.
 * @throws AtomicityNotSupportedError (5760) when `atomicRequired` is true.
 * @throws UnsupportedCapabilityError (5700) for a capability not marked `optional: true`.
 * @throws DuplicateBatchIdError (5720) when a batch with that id was already sent.
 * @throws UserRejectedRequestError (4001) when the person rejects; ProtocolError from the node when the
 *   first call cannot be sent (nothing was sent then).
 */
export async function sendCalls(
  params: readonly [SendCallsRequest],
  signing: Signing,
): Promise<{ id: string }> {
  const [batch] = params
  const { chain, ctx } = signing
  const from = signingAccount(signing.session, batch.from)
  if (batch.atomicRequired) throw new AtomicityNotSupportedError()
  for (const [name, capability] of Object.entries(batch.capabilities ?? {}))
    if ((capability as { optional?: unknown } | null)?.optional !== true)
      throw new UnsupportedCapabilityError(name)
  const calls = batch.calls.map(toCall)
  const id = batch.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  if (ctx.rpc.batches.has(id)) throw new DuplicateBatchIdError(id)
  // Held from now on, so that the same id cannot be sent twice while the person decides.
  const sent: SentBatch = { chain, hashes: [], complete: false }
  ctx.rpc.batches.set(id, sent)
  try {
    const client = chainClient(chain, ctx.signal)
    const [described, fee] = await Promise.all([
      Promise.all(calls.map((call) => describeCall(client, chain, call))),
      estimateBatchFee(client, chain, from, calls),
    ])
    await approve(
      { ...detailsBase(signing, METHOD), kind: 'calls', calls: described, fee },
      ctx,
      signing.approval,
    )
    await sendFirst(signing, client, from, calls[0]!, sent)
  } catch (error) {
    ctx.rpc.batches.delete(id)
    throw error
  }
  // The first call is out: the rest were approved with it and go out even if the dApp stops waiting.
  const quiet = chainClient(chain)
  for (const call of calls.slice(1)) {
    try {
      const tx = await prepareTransaction(quiet, from, call)
      sent.hashes.push(await sendPrepared(signing, quiet, tx))
    } catch {
      return { id }
    }
  }
  sent.complete = true
  return { id }
}

async function sendFirst(signing: Signing, client: ChainClient, from: Address, call: Call, sent: SentBatch) {
  const tx = await prepareTransaction(client, from, call)
  sent.hashes.push(await sendPrepared(signing, client, tx, signing.ctx.signal))
}

function toCall(call: SendCallsRequest['calls'][number], index: number): Call {
  if (!isAddress(call.to, { strict: false }))
    throw new InvalidParamsError(
      METHOD,
      [{ path: [0, 'calls', index, 'to'], message: 'Invalid address' }],
      `parameter 1 (batch) field calls[${index}].to must be a 0x-prefixed 20-byte address`,
    )
  return {
    to: call.to,
    value: call.value === undefined ? 0n : BigInt(call.value),
    data: call.data as Hex | undefined,
  }
}

/**
 * The batch's maximum fee: each call's gas estimate × the max price per gas of the type its calls are sent
 * as (EIP-1559 where the chain has a base fee, else legacy). Null when a call cannot be estimated on the
 * current state (it may depend on an earlier call of the batch).
 */
async function estimateBatchFee(
  client: ChainClient,
  chain: FrameChain,
  from: Address,
  calls: Call[],
): Promise<string | null> {
  try {
    const [fees, gases] = await Promise.all([
      estimateFees(client, {}),
      Promise.all(
        calls.map((call) =>
          estimateGas(client, {
            account: from,
            value: call.value,
            ...(call.to && { to: call.to }),
            ...(call.data && call.data !== '0x' && { data: call.data }),
          }),
        ),
      ),
    ])
    return formatFee(chain, gases.reduce((sum, gas) => sum + gas, 0n) * pricePerGas(fees))
  } catch {
    return null
  }
}
