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

let screen: typeof import('../approve/requestApproval.ts') | undefined

/** Loads the approval screen's code ahead of the first approval (it is not in the frame's first load). */
export async function loadApprovalScreen(): Promise<typeof import('../approve/requestApproval.ts')> {
  screen ??= await import('../approve/requestApproval.ts')
  return screen
}

/** The frame's approval screen. Once loaded, it shows in the request's own task: no `import()` hop. */
export const requestApproval: RequestApproval = async (details, context) =>
  (screen ?? (await loadApprovalScreen())).requestApproval(details, context)

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
    hold: (release) => holds.set(ctx, release),
  })
  if (ctx.signal.aborted) throw new RequestAbortedError('rpc')
}

/** Per request: the release of its approved screen, held until the signature is made (`hold`). */
const holds = new WeakMap<RequestContext, () => void>()

/**
 * Takes down the approved screen of request `ctx` (APPROVAL_CLOSED): once its signature is made, before
 * anything else shows in the frame (a prompt), and when the request ends, however it ends. Does nothing when
 * no screen is held.
 */
export function releaseApproval(ctx: RequestContext): void {
  const release = holds.get(ctx)
  holds.delete(ctx)
  release?.()
}
