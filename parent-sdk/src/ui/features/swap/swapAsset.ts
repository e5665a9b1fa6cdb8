import { NATIVE_TOKEN_ADDRESS } from '@keyframe/protocol/chain-api/swaps'

/** Whether a swap asset (CAIP-10) is its network's native currency, which needs no approve. */
export function isNativeAsset(caip10: string): boolean {
  return caip10.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}
