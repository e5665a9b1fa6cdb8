/**
 * What a transaction was for one account, from what it moved to and from that account.
 * @module
 */
import type { OperationType } from '@keyframe/protocol/chain-api/history'

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/** A movement as the classifier needs it: both ends (lowercase) and which asset (`native` or the contract). */
export type Movement = { from: string; to: string; asset: string }

/**
 * The operation type of a transaction for `account` (lowercase):
 * - `trade`: the account sent one asset and received a different one (a swap);
 * - `mint` / `burn`: everything it received came from / everything it sent went to the zero address;
 * - `send` / `receive`: otherwise, by the side it was on (sent to itself: `send`);
 * - `approve`: it moved nothing but approved a spender;
 * - `execute`: it moved nothing (a contract call, a deployment, a reverted transaction).
 */
export function operationTypeOf(
  account: string,
  movements: readonly Movement[],
  approvals: number,
): OperationType {
  const ins = movements.filter((m) => m.to === account && m.from !== account)
  const outs = movements.filter((m) => m.from === account && m.to !== account)
  const selves = movements.filter((m) => m.from === account && m.to === account)
  if (ins.length > 0 && outs.length > 0) {
    const sent = new Set(outs.map((m) => m.asset))
    if (ins.some((m) => !sent.has(m.asset))) return 'trade'
  }
  if (outs.length > 0) return outs.every((m) => m.to === ZERO_ADDRESS) ? 'burn' : 'send'
  if (ins.length > 0) return ins.every((m) => m.from === ZERO_ADDRESS) ? 'mint' : 'receive'
  if (selves.length > 0) return 'send'
  return approvals > 0 ? 'approve' : 'execute'
}
