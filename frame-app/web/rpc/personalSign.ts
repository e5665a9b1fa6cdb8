/**
 * personal_sign (EIP-191 version 0x45): the person sees the message, as text when it is printable UTF-8,
 * and its bytes; an EIP-4361 sign-in message as a sign-in, once checked against the site asking.
 * @module
 */
import { bytesToHex, type Hex, hashMessage, hexToBytes } from 'viem'
import { approve } from './approval.ts'
import { detailsBase, type Signing, sign, signingAccount, toRsv } from './signing.ts'
import { readSignIn } from './siweMessage.ts'

/**
 * Signs `message` after the person approved it.
 * @param params `[message, address]`: the message as `0x` hex bytes (EIP-1193) or, as many dApps send it,
 *   plain text. `[address, message]` too ({@link messageAndAddress}); a third parameter is ignored.
 * @returns The 65-byte signature (`r ‖ s ‖ v`, v = 27 or 28).
 * @throws UnauthorizedError (4100) when `address` is not the session's account, or the message is a sign-in
 *   message for another site or account (`readSignIn`).
 * @throws UserRejectedRequestError (4001) when the person rejects.
 */
export async function personalSign(
  params: readonly [string, string, unknown?],
  signing: Signing,
): Promise<Hex> {
  const [message, address] = messageAndAddress(params)
  const signer = signingAccount(signing.session, address)
  const bytes = messageBytes(message)
  const text = printableText(bytes)
  const signIn = readSignIn(bytes, text, { parentOrigin: signing.ctx.parentOrigin, signer })
  await approve(
    {
      ...detailsBase(signing, 'personal_sign'),
      ...(signIn ?? { kind: 'message', text, hex: bytesToHex(bytes) }),
    },
    signing.ctx,
    signing.approval,
  )
  const signature = await sign(signing, hashMessage({ raw: bytes }, 'bytes'), signing.ctx.signal)
  return toRsv(signature)
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * The message and the address, in either order, told apart as MetaMask does: an address first and a second
 * parameter that is no address means the (address, message) order some libraries send. Anything else is
 * (message, address), so a message that looks like an address, sent with the address, stays the message.
 * The third parameter (the legacy password, or MetaMask's extra fields) means nothing here.
 */
export function messageAndAddress([first, second]: readonly [string, string, unknown?]): [string, string] {
  return ADDRESS.test(first) && !ADDRESS.test(second) ? [second, first] : [first, second]
}

/** The bytes of a personal_sign message: hex when it is whole `0x` bytes, else the UTF-8 of the text. */
export function messageBytes(message: string): Uint8Array {
  return /^0x(?:[0-9a-fA-F]{2})*$/.test(message)
    ? hexToBytes(message as Hex)
    : new TextEncoder().encode(message)
}

/**
 * Control characters (except tab and line breaks) and bidirectional overrides: text holding them could
 * show something else than its bytes say, so the screen shows the bytes instead.
 */
const UNPRINTABLE = /(?![\t\n\r])\p{Cc}|[\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/** The message as text when it is valid, printable UTF-8; null otherwise. */
export function printableText(bytes: Uint8Array): string | null {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
  return UNPRINTABLE.test(text) ? null : text
}
