/**
 * personal_ecRecover: who signed a personal_sign message. Pure computation on public data, no key: the
 * frame answers it itself. A chunk of its own (viem's secp256k1 recovery), loaded on the first call.
 * @module
 */
import { type Hex, isHex, recoverMessageAddress } from 'viem'

/**
 * The EIP-55 address that signed `message` (EIP-191), as personal_sign signs it: a 0x hex message is its
 * bytes, any other string its UTF-8 text.
 */
export function ecRecover([message, signature]: readonly [string, string]): Promise<`0x${string}`> {
  return recoverMessageAddress({
    message: isHex(message) ? { raw: message } : message,
    signature: signature as Hex,
  })
}
