/**
 * A local stand-in for Farcaster's auth relay (`relay.farcaster.xyz`), for development and tests only: the
 * channel endpoints of `channelApi.ts` in memory, channels expiring after `channelTtlMs`, and a page at `/`
 * that plays the Farcaster client with the dev fids' custody keys. Like the real relay it verifies nothing:
 * the app checks the signed message.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { privateKeyToAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import { DEV_FARCASTER_FIDS, type DevFarcasterFid } from '../chain/idRegistry.ts'
import type { StackLogger } from '../stackLogger.ts'
import { authenticateWithFarcaster } from './authenticateWithFarcaster.ts'
import {
  type AuthenticateBody,
  authenticateBody,
  type ChannelStatus,
  type CreateChannelBody,
  createChannelBody,
} from './channelApi.ts'
import { DEV_PAGE_CSP, devClientPage } from './devClientPage.ts'

export type FarcasterRelayOptions = {
  /** Port on 127.0.0.1 (0 = any free port, the default). */
  port?: number
  /** How long a channel lives after it is opened (default 5 minutes). */
  channelTtlMs?: number
  /** The dev accounts the page signs in with (default {@link DEV_FARCASTER_FIDS}). */
  fids?: readonly DevFarcasterFid[]
  /** The clock, ms (tests move it to expire channels; default `Date.now`). */
  now?: () => number
  /** Receives a line per opened and authenticated channel (never a token). */
  logger?: StackLogger
}

export type FarcasterRelay = {
  /** `http://127.0.0.1:PORT`: the frame server's `farcaster.relayUrl`, and the dev client page. */
  url: string
  close(): Promise<void>
}

type Channel = CreateChannelBody & {
  nonce: string
  url: string
  expiresAt: number
  auth?: AuthenticateBody
}

const DEFAULT_TTL_MS = 5 * 60_000

/** The relay's refusals, in its `{ error }` shape. */
const refuse = (c: Context, status: 400 | 401 | 409, error: string) => c.json({ error }, status)

/**
 * Starts the relay on `http://127.0.0.1:PORT`.
 * @example
 * const relay = await startFarcasterRelay({ port: 0 })
 * // startFrameServer({ farcaster: { relayUrl: relay.url, rpcUrl, idRegistry: ID_REGISTRY_ADDRESS }, … })
 * await relay.close()
 */
export async function startFarcasterRelay(options: FarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const { now = Date.now, logger, fids = DEV_FARCASTER_FIDS } = options
  const ttl = options.channelTtlMs ?? DEFAULT_TTL_MS
  const channels = new Map<string, Channel>()
  let url = ''

  /** The live channel the request's Bearer token names; expired ones are dropped. */
  const channelOf = (c: Context): Channel | undefined => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const channel = token === undefined ? undefined : channels.get(token)
    if (channel && channel.expiresAt <= now()) {
      channels.delete(token!)
      return undefined
    }
    return channel
  }
  const statusOf = (channel: Channel): ChannelStatus =>
    channel.auth
      ? { state: 'completed', nonce: channel.nonce, url: channel.url, ...channel.auth }
      : { state: 'pending', nonce: channel.nonce, url: channel.url }
  const json = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json()
    } catch {
      return undefined
    }
  }

  const app = new Hono()
    .post('/v1/channel', async (c) => {
      const parsed = createChannelBody.safeParse(await json(c))
      if (!parsed.success) return refuse(c, 400, z.prettifyError(parsed.error))
      const channelToken = randomBytes(24).toString('base64url')
      const nonce = parsed.data.nonce ?? randomBytes(12).toString('hex')
      const query = new URLSearchParams({
        channelToken,
        nonce,
        siweUri: parsed.data.siweUri,
        domain: parsed.data.domain,
      })
      for (const key of ['notBefore', 'expirationTime', 'requestId'] as const) {
        const value = parsed.data[key]
        if (value !== undefined) query.set(key, value)
      }
      const channel: Channel = {
        ...parsed.data,
        nonce,
        url: `farcaster://connect?${query}`,
        expiresAt: now() + ttl,
      }
      channels.set(channelToken, channel)
      logger?.info('farcaster relay: channel opened', { domain: channel.domain })
      return c.json({ channelToken, url: channel.url, nonce }, 201)
    })
    .get('/v1/channel/status', (c) => {
      const channel = channelOf(c)
      if (!channel) return refuse(c, 401, 'Unauthorized')
      return c.json(statusOf(channel), channel.auth ? 200 : 202)
    })
    .post('/v1/channel/authenticate', async (c) => {
      const channel = channelOf(c)
      if (!channel) return refuse(c, 401, 'Unauthorized')
      const parsed = authenticateBody.safeParse(await json(c))
      if (!parsed.success) return refuse(c, 400, z.prettifyError(parsed.error))
      if (channel.auth) return refuse(c, 409, 'Channel already authenticated')
      channel.auth = parsed.data
      logger?.info('farcaster relay: channel authenticated', { domain: channel.domain, fid: parsed.data.fid })
      return c.json(statusOf(channel), 201)
    })
    .get('/', (c) => c.html(devClientPage(fids), 200, { 'Content-Security-Policy': DEV_PAGE_CSP }))
    .post('/dev/sign-in', async (c) => {
      const form = await c.req.parseBody()
      const dev = fids.find((candidate) => String(candidate.fid) === form.fid)
      const uri = typeof form.uri === 'string' ? form.uri.trim() : ''
      let note: { ok: boolean; text: string }
      try {
        if (!dev) throw new Error('Pick a dev account')
        await authenticateWithFarcaster({
          relayUrl: url,
          url: uri,
          account: privateKeyToAccount(dev.privateKey),
          fid: dev.fid,
          username: dev.username,
        })
        note = { ok: true, text: `Signed in as @${dev.username}: back to the modal.` }
      } catch (error) {
        note = { ok: false, text: (error as Error).message }
      }
      return c.html(devClientPage(fids, note), note.ok ? 200 : 400, {
        'Content-Security-Policy': DEV_PAGE_CSP,
      })
    })

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => {
      started.off('error', reject)
      resolve(started)
    }) as Server
    started.once('error', reject)
  })
  const address = server.address()
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
