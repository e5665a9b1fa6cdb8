import {
  errorReply,
  InternalError,
  okReply,
  type ParsedParams,
  type ParsedRequest,
  parseRequest,
  type Reply,
  RequestAbortedError,
  type RequestType,
  requests,
  UnauthorizedError,
} from '@keyframe/protocol'
import type { BridgeContext } from './context.ts'
import { handlers as frameHandlers, type Handler, type Handlers } from './handlers.ts'

/**
 * Answers one request from the parent with a typed reply. It never throws and always resolves, so the
 * bridge can post whatever it returns as the request's reply. The order is fixed:
 *
 * 1. `parseRequest`: size (≤128 KB), known type (-32600), envelope (-32600), params schema (-32602), and
 *    for RPC_REQUEST the allowed list (4200) and the method's params (-32602). No handler runs for an
 *    invalid message.
 * 2. Session: a type the table marks `needsSession` gets 4100 without a session, before its handler,
 *    so an unauthenticated parent learns nothing about which features exist.
 * 3. The handler, raced against its abort signal (RPC_ABORT by id, or teardown): an aborted request
 *    answers -32040 at once. A duplicate id of a running request is refused (-32600).
 * 4. The result is checked against the table's result schema; anything unexpected becomes -32603
 *    'An error occurred', with no internals.
 */
export async function dispatch(
  type: string,
  data: unknown,
  ctx: BridgeContext,
  handlers: Handlers = frameHandlers,
): Promise<Reply> {
  try {
    const parsed = parseRequest(type, data)
    if (!parsed.ok) return errorReply(parsed.error)
    const request = parsed.value
    if (requests[request.type].needsSession && ctx.state.session === null) {
      return errorReply(new UnauthorizedError())
    }
    return okReply(await run(request, ctx, handlers))
  } catch (error) {
    return errorReply(error)
  }
}

async function run(request: ParsedRequest, ctx: BridgeContext, handlers: Handlers): Promise<unknown> {
  const { type, id, params } = request
  if (type === 'RPC_ABORT') {
    // Not itself abortable (and not registered): it only looks another request up.
    const result = await handlers.RPC_ABORT(params as ParsedParams<'RPC_ABORT'>, {
      ...ctx,
      id,
      signal: neverAborted,
    })
    return check(type, result)
  }
  const controller = ctx.aborts.register(id)
  try {
    const handler = handlers[type] as Handler<RequestType>
    const result = await untilAborted(
      handler(params, { ...ctx, id, signal: controller.signal }),
      controller.signal,
      type,
    )
    return check(type, result)
  } finally {
    ctx.aborts.release(id, controller)
  }
}

const neverAborted = new AbortController().signal

function check(type: RequestType, result: unknown): unknown {
  const parsed = requests[type].result.safeParse(result)
  if (!parsed.success) throw new InternalError()
  return parsed.data
}

function untilAborted<R>(promise: Promise<R>, signal: AbortSignal, type: RequestType): Promise<R> {
  const aborted = () => new RequestAbortedError(type === 'RPC_REQUEST' ? 'rpc' : 'other')
  if (signal.aborted) return Promise.reject(aborted())
  return new Promise<R>((resolve, reject) => {
    const onAbort = () => reject(aborted())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
