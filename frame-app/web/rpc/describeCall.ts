/**
 * What the approval screen shows of one call: recipient, native value, and, for an ERC20 `transfer` or
 * `approve`, the token, the amount in token units (`decimals()` and `symbol()` read from the token) and
 * the recipient or spender. The calldata is decoded strictly: it must re-encode to exactly the same bytes,
 * so what is shown is what is signed.
 * @module
 */

import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
} from 'viem'
import { readContract } from 'viem/actions'
import type { ApprovalCall, DecodedCall, TokenAmount } from '../approve/details.ts'
import type { ChainClient } from './client.ts'

/** An approval of 2^255 or more is an "unlimited" one (max uint256, max int256 and the like). */
const UNLIMITED = 2n ** 255n

export type Call = { to: Address | null; value: bigint; data?: Hex | undefined }

/** The approval screen's view of `call` on `chain`. Never throws: what cannot be read is shown raw. */
export async function describeCall(
  client: ChainClient,
  chain: FrameChain,
  call: Call,
): Promise<ApprovalCall> {
  const described: ApprovalCall = {
    to: call.to ? getAddress(call.to) : null,
    value: formatUnits(call.value, chain.nativeCurrency.decimals),
  }
  const decoded = await decodeCall(client, call)
  return decoded ? { ...described, decoded } : described
}

async function decodeCall(client: ChainClient, call: Call): Promise<DecodedCall | undefined> {
  const data = call.data
  if (!data || data === '0x') return undefined
  const unknown: DecodedCall = { kind: 'unknown', data }
  const erc20 = call.to ? decodeErc20(data) : undefined
  if (!call.to || !erc20) return unknown
  const token = await tokenOf(client, call.to)
  if (!token) return unknown
  const [target, amount] = erc20.args
  const tokenAmount: TokenAmount = { ...token, amount: formatUnits(amount, token.decimals) }
  return erc20.functionName === 'transfer'
    ? { kind: 'erc20Transfer', token: tokenAmount, to: getAddress(target) }
    : {
        kind: 'erc20Approve',
        token: tokenAmount,
        spender: getAddress(target),
        unlimited: amount >= UNLIMITED,
      }
}

function decodeErc20(data: Hex) {
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data })
    if (decoded.functionName !== 'transfer' && decoded.functionName !== 'approve') return undefined
    const again = encodeFunctionData({
      abi: erc20Abi,
      functionName: decoded.functionName,
      args: decoded.args,
    })
    return again.toLowerCase() === data.toLowerCase() ? decoded : undefined
  } catch {
    return undefined
  }
}

/** The token's symbol and decimals, or undefined when `address` does not answer as an ERC20. */
export async function tokenOf(
  client: ChainClient,
  address: Address,
): Promise<Omit<TokenAmount, 'amount'> | undefined> {
  try {
    const [decimals, symbol] = await Promise.all([
      readContract(client, { address, abi: erc20Abi, functionName: 'decimals' }),
      readContract(client, { address, abi: erc20Abi, functionName: 'symbol' }),
    ])
    return { address: getAddress(address), decimals, symbol }
  } catch {
    return undefined
  }
}
