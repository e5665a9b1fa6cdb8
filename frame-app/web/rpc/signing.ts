/**
 * What every signing request shares: whose account, which chain, the approval step, and the signature
 * made with the key unlocked for that one digest (`wallet/signer.ts`).
 * @module
 */
import { UnauthorizedError } from '@keyframe/protocol/core'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type { ApprovalDetails } from '../approve/details.ts'
import type { RequestContext, Session } from '../bridge/context.ts'
import { accountOf } from '../login/session.ts'
import type { SealedDeviceShare } from '../wallet/deviceStore.ts'
import { isEvmAddressEqual, toChecksumAddress } from '../wallet/evm.ts'
import { type EvmSignature, signDigest } from '../wallet/signer.ts'
import { type RequestApproval, releaseApproval } from './approval.ts'

/** One unsafe request being served. */
export type Signing = {
  ctx: RequestContext
  session: Session
  /** The chain it is for (a configured one). */
  chain: FrameChain
  approval: RequestApproval
  /** The device share read ahead (encrypted) while the approval is on screen; undefined once dropped. */
  deviceShare?: () => Promise<SealedDeviceShare | undefined> | undefined
}

/** The part of ApprovalDetails every method fills the same way. */
export type DetailsBase = Pick<ApprovalDetails, 'method' | 'chain' | 'account' | 'origin'>

/**
 * The session's account, checksummed, after checking that the request names it (when it names one).
 * @throws UnauthorizedError (4100) when `address` is another account.
 */
export function signingAccount(session: Pick<Session, 'address'>, address?: string): `0x${string}` {
  if (address !== undefined && !isEvmAddressEqual(address, session.address)) throw new UnauthorizedError()
  return toChecksumAddress(session.address)
}

export function detailsBase(signing: Signing, method: string): DetailsBase {
  const { chain, ctx, session } = signing
  return {
    method,
    chain: { id: chain.id, name: chain.name, nativeSymbol: chain.nativeCurrency.symbol },
    account: toChecksumAddress(session.address),
    origin: ctx.parentOrigin,
  }
}

/**
 * The 65-byte `r ‖ s ‖ v` form (v = 27 + yParity) that personal_sign and eth_signTypedData_v4 return.
 * Done here rather than with viem's `serializeSignature`, which would bring a second copy of the curve code.
 */
export function toRsv(signature: EvmSignature): `0x${string}` {
  return `${signature.r}${signature.s.slice(2)}${signature.yParity === 1 ? '1c' : '1b'}`
}

/**
 * Signs a 32-byte digest with the session's key. Call only after the approval resolved. An auth share no
 * longer in memory (a reload, 15 idle minutes) is released to this device's signature: no code is asked.
 */
export async function sign(
  signing: Signing,
  digest: Uint8Array,
  signal?: AbortSignal,
): Promise<EvmSignature> {
  const { ctx, session } = signing
  const account = accountOf(ctx, 'RPC_REQUEST')
  try {
    return await signDigest({
      account,
      session,
      authShares: ctx.rpc.authShares,
      digest,
      deviceShare: signing.deviceShare?.(),
      ...(signal && { signal }),
    })
  } finally {
    // The approved screen stayed up, unchanged, while the key was rebuilt: it goes now.
    releaseApproval(ctx)
  }
}
