import type * as z from 'zod/mini'
import { UnsupportedMethodError } from '../errors/provider.ts'
import { InvalidParamsError } from '../errors/rpc.ts'
import { toIssues } from '../schemas/issues.ts'
import { type AllowedRpcMethod, classifyRpc } from './methods.ts'
import { safeRpcParams, unsafeRpcParams } from './params.ts'
import { paramsProblem } from './paramsProblem.ts'
import { refusalOf } from './refused.ts'

export type RpcCall = { method: AllowedRpcMethod; params?: unknown; chainId?: string | undefined }
export type CheckedRpcCall = RpcCall & { class: 'safe' | 'unsafe' }

/**
 * Checks an RPC call against the allowed list and its method's param schema.
 * @throws UnsupportedMethodError (4200) for a method that is neither safe nor gated.
 * @throws MethodNotSupportedError (its own code, `rpc/refused.ts`) for a method refused on purpose.
 * @throws InvalidParamsError (-32602) when the params do not fit the method; the message says which
 *   parameter is wrong, in words.
 */
export function checkRpcCall(call: {
  method: string
  params?: unknown
  chainId?: string | undefined
}): CheckedRpcCall {
  const cls = classifyRpc(call.method)
  if (cls === 'unknown') throw new UnsupportedMethodError(call.method)
  if (cls === 'refused') throw refusalOf(call.method as Parameters<typeof refusalOf>[0])
  const table: Record<string, z.ZodMiniType> = cls === 'safe' ? safeRpcParams : unsafeRpcParams
  const schema = table[call.method]!
  const parsed = schema.safeParse(call.params, { reportInput: true })
  if (!parsed.success) {
    const { issues } = parsed.error
    throw new InvalidParamsError(call.method, toIssues(issues), paramsProblem(call.method, issues[0]!))
  }
  return { method: call.method as AllowedRpcMethod, params: parsed.data, chainId: call.chainId, class: cls }
}
