/**
 * The approval step of unsafe requests: the frame's own screen (`web/approve`, loaded on first use).
 * @module
 */
import { RequestAbortedError } from '@keyframe/protocol/core'
import type { ApprovalDetails } from '../approve/details.ts'
import type { RequestApprovalContext } from '../approve/requestApproval.ts'
import type { RequestContext } from '../bridge/context.ts'

/** Resolves when the person approves; rejects with 4001 on reject or timeout, RequestAbortedError on abort. */
export type RequestApproval = (details: ApprovalDetails, context: RequestApprovalContext) => Promise<void>

/** The frame's approval screen. */
export const requestApproval: RequestApproval = async (details, context) => {
  const screen = await import('../approve/requestApproval.ts')
  return screen.requestApproval(details, context)
}

/**
 * Waits for the person's decision on `details`, for request `ctx.id`. Nothing may be signed unless this
 * resolves.
 * @throws UserRejectedRequestError (4001) on reject or timeout.
 * @throws RequestAbortedError when the request was aborted (RPC_ABORT, teardown), even if approved meanwhile.
 */
export async function approve(
  details: ApprovalDetails,
  ctx: RequestContext,
  approval: RequestApproval = requestApproval,
): Promise<void> {
  await approval(details, {
    id: ctx.id,
    signal: ctx.signal,
    emit: ctx.emit,
    timeoutMs: ctx.approvalTimeoutMs,
  })
  if (ctx.signal.aborted) throw new RequestAbortedError('rpc')
}
