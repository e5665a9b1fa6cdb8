/** The shape an error has on the wire: EIP-1193 / JSON-RPC code, the spec's wording, optional data. */
export type ErrorShape = { code: number; message: string; data?: unknown }

/**
 * Base of every error that crosses the frame boundary or reaches a dApp. It carries a numeric code
 * (EIP-1193 / JSON-RPC, or a Keyframe code for the spec's named errors) and the spec's exact wording.
 */
export class ProtocolError extends Error {
  override name = 'ProtocolError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.data = options.data
  }

  toJSON(): ErrorShape {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}
