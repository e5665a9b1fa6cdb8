/**
 * Methods wallets people use know, which Keyframe refuses on purpose. Each gets its own error naming the
 * method and saying why, at once: not spec §6's unknown-method flow (modal, toast, every pending request
 * rejected), which is for methods nobody should send. No zod here: the SDK reads it before `open()`.
 * @module
 */
import { ErrorCode } from '../errors/codes.ts'
import { MethodNotSupportedError } from '../errors/provider.ts'

type Refusal = { code: number; message: string }

const transport = (method: string, instead: string): Refusal => ({
  code: ErrorCode.methodNotFound,
  message: `${method} is not supported over this transport: ${instead}`,
})

export const refusedRpcMethods = {
  eth_sign: {
    code: ErrorCode.unsupportedMethod,
    message:
      'eth_sign is not supported: it signs a bare hash the person cannot read; use personal_sign or eth_signTypedData_v4',
  },
  eth_signTransaction: {
    code: ErrorCode.unsupportedMethod,
    message:
      'eth_signTransaction is not supported: a signed transaction could be sent at any later time; use eth_sendTransaction',
  },
  eth_getEncryptionPublicKey: {
    code: ErrorCode.unsupportedMethod,
    message:
      'eth_getEncryptionPublicKey is not supported: the wallet keeps no encryption key (the method is deprecated)',
  },
  eth_decrypt: {
    code: ErrorCode.unsupportedMethod,
    message: 'eth_decrypt is not supported: the wallet keeps no encryption key (the method is deprecated)',
  },
  // Subscriptions need a socket that pushes; EIP-1193's request() is one answer per call.
  eth_subscribe: transport('eth_subscribe', 'poll with eth_newFilter and eth_getFilterChanges'),
  eth_unsubscribe: transport('eth_unsubscribe', 'no subscription can exist; use eth_uninstallFilter'),
} as const satisfies Record<string, Refusal>

export type RefusedRpcMethod = keyof typeof refusedRpcMethods

export function isRefusedRpcMethod(method: string): method is RefusedRpcMethod {
  return Object.hasOwn(refusedRpcMethods, method)
}

/** The error a refused method is answered with: its own code and reason, the method in `data`. */
export function refusalOf(method: RefusedRpcMethod): MethodNotSupportedError {
  const { code, message } = refusedRpcMethods[method]
  return new MethodNotSupportedError(method, code, message)
}
