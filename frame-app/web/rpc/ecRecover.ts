/**
 * personal_ecRecover: who signed a personal_sign message. Pure computation on public data, no key: the
 * frame answers it itself. A chunk of its own (viem's secp256k1 recovery), loaded on the first call.
 * @module
 */
import { type Hex, isHex, recoverMessageAddress } from 'viem'

/**
 * The address that signed `message` (EIP-191), as personal_sign signs it: a 0x hex message is its bytes,
 * any other string its UTF-8 text. In lower case, as MetaMask answers it and as eth_accounts gives the
 * account: dApps compare the two with `===`.
 */
export async function ecRecover([message, signature]: readonly [string, string]): Promise<`0x${string}`> {
  const address = await recoverMessageAddress({
    message: isHex(message) ? { raw: message } : message,
    signature: signature as Hex,
  })
  return address.toLowerCase() as `0x${string}`
}
