/**
 * The error of a call skipped because chain-api does not serve its network and the call has no empty answer
 * (gas price, allowance, approve and swap transactions): the same status, code and words chain-api answers.
 * @module
 */
import { GAS_PRICE_UNSUPPORTED, SWAPS_UNSUPPORTED } from '@keyframe/protocol/chain-api/swaps'
import { ChainApiError } from './chainApiError.ts'

/** The error code of an unsupported network. */
export const UNSUPPORTED_NETWORK_CODE = 'unsupported_chain'

/** 400 'Network not supported for Swaps' or 'Network not supported for Gas Price' (SPEC §8). */
export function unsupportedNetworkError(what: 'swaps' | 'gas price'): ChainApiError {
  return new ChainApiError(
    400,
    UNSUPPORTED_NETWORK_CODE,
    what === 'swaps' ? SWAPS_UNSUPPORTED : GAS_PRICE_UNSUPPORTED,
  )
}
