/**
 * What the approval screen shows: built by the RPC handlers (`rpc/`) from the exact request being signed,
 * rendered by `screen.ts`. Amounts are already formatted in token or native units; addresses are checksummed.
 * @module
 */
import type { AddChainDetails, WatchAssetDetails } from './walletDetails.ts'

/** An ERC20 amount, formatted in token units. */
export type TokenAmount = {
  symbol: string
  decimals: number
  address: `0x${string}`
  /** Formatted in token units, e.g. "12.5". */
  amount: string
}

/** What a call's data does, when it is a call the frame can read. */
export type DecodedCall =
  | { kind: 'erc20Transfer'; token: TokenAmount; to: `0x${string}` }
  | { kind: 'erc20Approve'; token: TokenAmount; spender: `0x${string}`; unlimited: boolean }
  | {
      kind: 'unknown'
      /** Raw calldata, shown truncated with its selector. */
      data: `0x${string}`
    }

/** One call of a transaction or of a `wallet_sendCalls` batch. */
export type ApprovalCall = {
  /** null: a contract deployment. */
  to: `0x${string}` | null
  /** Formatted native amount, e.g. "0.5". */
  value: string
  decoded?: DecodedCall
}

/**
 * A personal_sign whose text is an EIP-4361 sign-in message for the parent's own host (the frame refuses one
 * for another site or account before any screen: `rpc/siweMessage.ts`). The fields as the message writes them.
 */
export type SignInDetails = {
  kind: 'signIn'
  /** The message's domain, equal to the host of the site asking. */
  domain: string
  statement?: string
  uri: string
  version: string
  chainId: number
  nonce: string
  /** RFC 3339, as written. */
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  /** Each resource URI, with its ERC-5573 sentence when it is a ReCap. */
  resources: { uri: string; recap?: string }[]
  /** Against the frame's clock when the request came. */
  validity: 'valid' | 'expired' | 'notYetValid'
  /** The whole message, as signed. */
  text: string
}

/** Everything the person approves or rejects. */
export type ApprovalDetails = {
  /** The RPC method. */
  method: string
  chain: { id: number; name: string; nativeSymbol: string }
  /** Who signs. */
  account: `0x${string}`
  /** The dApp origin (ctx.parentOrigin). */
  origin: string
} & (
  | {
      kind: 'message'
      /** UTF-8 when printable. */
      text: string | null
      hex: `0x${string}`
    }
  | {
      kind: 'typedData'
      /** The domain and message fields the signature covers (eth_signTypedData_v3/_v4). */
      domain: Record<string, unknown>
      primaryType: string
      message: Record<string, unknown>
    }
  | {
      /** eth_signTypedData (v1): a flat list, shown in the dApp's order. */
      kind: 'typedDataV1'
      fields: { type: string; name: string; value: unknown }[]
    }
  | SignInDetails
  | WatchAssetDetails
  | AddChainDetails
  | {
      kind: 'calls'
      calls: ApprovalCall[]
      /** Estimated max fee, formatted native, e.g. "0.000042 ETH". */
      fee: string | null
    }
)
