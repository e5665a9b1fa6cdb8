/**
 * The frame server's side of Farcaster's auth relay: opens a channel for a login and reads its status. The
 * relay is trusted with nothing: what it hands back is checked here for shape and by `verifySiwf` for meaning.
 * @module
 */
import { farcasterConnectUrl } from '@keyframe/protocol/frame-api/farcaster'
import * as z from 'zod/mini'
import type { FarcasterConfig } from './config.ts'

/** A relay that does not answer within this is down (the frame polls again). */
const RELAY_TIMEOUT_MS = 5_000

const opened = z.object({
  channelToken: z.string().check(z.minLength(1), z.maxLength(512)),
  url: farcasterConnectUrl,
  nonce: z.string(),
})

const completed = z.object({
  state: z.literal('completed'),
  message: z.string().check(z.maxLength(8192)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/), z.maxLength(4096)),
  username: z.optional(z.string().check(z.maxLength(256))),
})
const status = z.union([z.object({ state: z.literal('pending') }), completed])
export type ChannelStatus = z.output<typeof status> | { state: 'gone' }

/**
 * Opens a channel for `nonce`, whose message must name `siweUri` and `domain` and expire at `expirationTime`.
 * @throws Error when the relay refuses, is unreachable, or answers something else (a 502 to the frame).
 */
export async function openChannel(
  config: FarcasterConfig,
  channel: { siweUri: string; domain: string; nonce: string; expirationTime: string },
): Promise<{ channelToken: string; url: string }> {
  const response = await fetch(new URL('/v1/channel', config.relayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(channel),
    signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
  })
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`Farcaster relay: opening a channel answered ${response.status}`)
  const answer = opened.parse(await response.json())
  if (answer.nonce !== channel.nonce) throw new Error('Farcaster relay: the channel has another nonce')
  return answer
}

/**
 * The channel's state: `pending`, `completed` with the signed message, or `gone` (expired or unknown to the
 * relay).
 * @throws Error when the relay is unreachable or answers something else.
 */
export async function readChannel(config: FarcasterConfig, channelToken: string): Promise<ChannelStatus> {
  const response = await fetch(new URL('/v1/channel/status', config.relayUrl), {
    headers: { authorization: `Bearer ${channelToken}` },
    signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
  })
  if (response.status === 401 || response.status === 404) return { state: 'gone' }
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`Farcaster relay: the channel status answered ${response.status}`)
  return status.parse(await response.json())
}
