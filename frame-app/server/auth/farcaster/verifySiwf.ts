/**
 * The check of a signed Sign In With Farcaster message (SECURITY.md §2): an EIP-4361 message for the nonce
 * this server issued, on this frame's host, naming exactly one `farcaster://fid/<fid>` resource, within its
 * validity, signed by that fid's custody address as the IdRegistry on the configured chain says.
 * @module
 */
import { createPublicClient, http, isAddressEqual, parseAbi, zeroAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { FarcasterConfig } from './config.ts'

const idRegistryAbi = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])
const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d{0,14})$/

export type SiwfCheck =
  | { ok: true; fid: number }
  /** `failed`: not a message for this login; `expired`: past its time; `invalid_signature`: not the custody key. */
  | { ok: false; reason: 'failed' | 'expired' | 'invalid_signature' }

/** What the message must say: the issued nonce, the frame's origin (its host is the domain), the time now. */
export type SiwfExpectation = { nonce: string; origin: string; now: Date }

/** Checks `message` and `signature` against `expected` and the fid's custody address on the IdRegistry. */
export async function verifySiwf(
  config: FarcasterConfig,
  signed: { message: string; signature: `0x${string}` },
  expected: SiwfExpectation,
): Promise<SiwfCheck> {
  const message = parseSiweMessage(signed.message)
  const frame = new URL(expected.origin)
  if (message.nonce !== expected.nonce) return { ok: false, reason: 'failed' }
  if (message.domain !== frame.host) return { ok: false, reason: 'failed' }
  if (!message.uri || originOf(message.uri) !== frame.origin) return { ok: false, reason: 'failed' }
  const fids = (message.resources ?? []).filter((resource) => resource.startsWith('farcaster://fid/'))
  const fid = fids.length === 1 ? FID_RESOURCE.exec(fids[0]!)?.[1] : undefined
  if (fid === undefined) return { ok: false, reason: 'failed' }
  const now = expected.now.getTime()
  if (message.expirationTime && message.expirationTime.getTime() <= now)
    return { ok: false, reason: 'expired' }
  if (message.notBefore && message.notBefore.getTime() > now) return { ok: false, reason: 'failed' }
  if (!message.address) return { ok: false, reason: 'failed' }

  const client = createPublicClient({ transport: http(config.rpcUrl, { timeout: 5_000, retryCount: 1 }) })
  const custody = await client.readContract({
    address: config.idRegistry,
    abi: idRegistryAbi,
    functionName: 'custodyOf',
    args: [BigInt(fid)],
  })
  // The message names the custody address, and the custody address signed it (an EOA, or ERC-1271).
  if (custody === zeroAddress || !isAddressEqual(message.address, custody))
    return { ok: false, reason: 'invalid_signature' }
  const valid = await client.verifyMessage({
    address: custody,
    message: signed.message,
    signature: signed.signature,
  })
  return valid ? { ok: true, fid: Number(fid) } : { ok: false, reason: 'invalid_signature' }
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin
  } catch {
    return null
  }
}
