import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { describe, expect, test, vi } from 'vitest'
import type { ApprovalDetails } from '../approve/details.ts'
import type { RequestApprovalContext } from '../approve/requestApproval.ts'
import { createBridgeContext, type RequestContext } from '../bridge/context.ts'
import { approve, releaseApproval } from './approval.ts'

const DETAILS: ApprovalDetails = {
  method: 'personal_sign',
  chain: { id: 31337, name: 'Keyframe Local', nativeSymbol: 'ETH' },
  account: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
  origin: 'https://ops.example',
  kind: 'message',
  text: 'hi',
  hex: '0x6869',
}

/** One request's context, as `dispatch` makes it. */
function requestContext(controller = new AbortController()): RequestContext {
  const bridge = createBridgeContext({
    projectId: 'ops',
    parentOrigin: 'https://ops.example',
    chainId: 'eip155:31337',
    approvalTimeoutMs: 5000,
  })
  return { ...bridge, id: crypto.randomUUID(), signal: controller.signal }
}

/** An approval step that approves and holds its screen: `release` counts the releases. */
function holdingApproval() {
  const release = vi.fn()
  const contexts: RequestApprovalContext[] = []
  const approval = async (_details: ApprovalDetails, context: RequestApprovalContext) => {
    contexts.push(context)
    context.hold?.(release)
  }
  return { approval, release, contexts }
}

describe('approve', () => {
  test("default: passes the request's id, signal, emit, timeout and a hold", async () => {
    const ctx = requestContext()
    const { approval, contexts } = holdingApproval()
    await approve(DETAILS, ctx, approval)
    expect(contexts).toEqual([
      { id: ctx.id, signal: ctx.signal, emit: ctx.emit, timeoutMs: 5000, hold: expect.any(Function) },
    ])
  })

  test('behavior: approved after an abort, it still throws RequestAbortedError; the held screen is released by the request', async () => {
    const controller = new AbortController()
    const ctx = requestContext(controller)
    const release = vi.fn()
    await expect(
      approve(DETAILS, ctx, async (_details, context) => {
        context.hold?.(release)
        controller.abort()
      }),
    ).rejects.toMatchObject({ name: 'RequestAbortedError' })
    expect(release).not.toHaveBeenCalled()
    releaseApproval(ctx)
    expect(release).toHaveBeenCalledTimes(1)
  })
})

describe('releaseApproval', () => {
  test('default: calls the held release once; a second call does nothing', async () => {
    const ctx = requestContext()
    const { approval, release } = holdingApproval()
    await approve(DETAILS, ctx, approval)
    // Held until the caller says so.
    expect(release).not.toHaveBeenCalled()
    releaseApproval(ctx)
    expect(release).toHaveBeenCalledTimes(1)
    releaseApproval(ctx)
    expect(release).toHaveBeenCalledTimes(1)
  })

  test('behavior: per request — releasing one leaves the other held', async () => {
    const [a, b] = [requestContext(), requestContext()]
    const first = holdingApproval()
    const second = holdingApproval()
    await approve(DETAILS, a, first.approval)
    await approve(DETAILS, b, second.approval)
    releaseApproval(a)
    expect(first.release).toHaveBeenCalledTimes(1)
    expect(second.release).not.toHaveBeenCalled()
    releaseApproval(b)
    expect(second.release).toHaveBeenCalledTimes(1)
  })

  test('behavior: nothing held (no approval, an approval step that does not hold, a rejection): does nothing', async () => {
    expect(() => releaseApproval(requestContext())).not.toThrow()

    const ctx = requestContext()
    await approve(DETAILS, ctx, async () => {})
    expect(() => releaseApproval(ctx)).not.toThrow()

    const rejected = requestContext()
    await expect(
      approve(DETAILS, rejected, async () => {
        throw new UserRejectedRequestError()
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(() => releaseApproval(rejected)).not.toThrow()
  })
})
