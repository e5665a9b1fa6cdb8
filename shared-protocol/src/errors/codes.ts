/** EIP-1193 provider codes, JSON-RPC codes and Keyframe's own codes for the spec's named errors. */
export const ErrorCode = {
  /** EIP-1193: the user rejected the request. */
  userRejected: 4001,
  /** EIP-1193: the method or account has not been authorised (no session). */
  unauthorized: 4100,
  /** EIP-1193: the method is not supported (or not available in this frame yet). */
  unsupportedMethod: 4200,
  /** EIP-1193: the provider is disconnected from all chains. */
  disconnected: 4900,
  /** EIP-1193: the provider is not connected to the requested chain. */
  chainDisconnected: 4901,
  /** EIP-3085 / EIP-3326: unrecognised chain. */
  unrecognizedChain: 4902,
  /** JSON-RPC: method not found; Keyframe answers it for methods this transport cannot carry (eth_subscribe). */
  methodNotFound: -32601,
  /** JSON-RPC: invalid params. `data` holds the schema issues. */
  invalidParams: -32602,
  /** JSON-RPC: internal error. */
  internal: -32603,
  /** Keyframe (JSON-RPC implementation-defined range): the request was aborted. */
  aborted: -32040,
  /** Keyframe: the request timed out. */
  timeout: -32041,
  /** Keyframe: the frame did not load or report READY. */
  frameLoadFailed: -32042,
  /** Keyframe: an e-mail was requested during the cooldown. */
  emailCooldown: -32043,
  /** Keyframe: the origin is not allowed for this project. */
  originNotAllowed: -32044,
  /** Keyframe: the project id is unknown or not the frame's (spec §8 'Invalid key'). */
  invalidKey: -32045,
  /**
   * Keyframe: the frame's server refused a login or account step (a wrong, used or expired code, too many
   * tries, a limit). The message is the server's, written for the person; `data.reason` names the case.
   */
  refused: -32046,
  /** Keyframe: the message envelope itself is malformed (not a request of the table). */
  invalidRequest: -32600,
} as const

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]
