import { ProtocolError } from './base.ts'
import { ErrorCode } from './codes.ts'

/**
 * -32602 — `wallet_addEthereumChain` named a chain the operator's policy does not let a dApp add (none of its
 * RPC URLs is on an allowed origin, or the chain id is not allowed there). `data.reason` is
 * `'chain_not_allowed'`; `data.issues` points at `rpcUrls`, as for any -32602.
 */
export class ChainNotAllowedError extends ProtocolError {
  override name = 'ChainNotAllowedError'
  static readonly code = ErrorCode.invalidParams
  readonly chainId: number
  constructor(chainId: number) {
    const message = `Chain ${chainId} cannot be added: this wallet's operator allows none of its RPC URLs`
    super(ErrorCode.invalidParams, message, {
      data: {
        reason: 'chain_not_allowed',
        chainId: `0x${chainId.toString(16)}`,
        issues: [
          { path: [0, 'rpcUrls'], message: 'No RPC URL on an origin the operator allows for this chain' },
        ],
      },
    })
    this.chainId = chainId
  }
}
