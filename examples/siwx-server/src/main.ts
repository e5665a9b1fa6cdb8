/**
 * Runs the example backend alone: `PORT` (default 8787), `RPC_URL` and `CHAIN_ID` of the one chain it
 * verifies on, `COOKIE_SECRET` (at least 32 characters), `ORIGINS` (the dApp's origins, comma-separated).
 * Put it on the dApp's origin (a reverse proxy, or the dev server's proxy of `/siwx`): the page's cookie
 * is same-site only.
 * @module
 */
import { serve } from '@hono/node-server'
import { createSiwxVerifier, sessionCookie } from '@keyframe/sdk/siwx/server'
import { createPublicClient, http } from 'viem'
import { z } from 'zod'
import { createSiwxApp } from './app.ts'

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  RPC_URL: z.url(),
  CHAIN_ID: z.coerce.number().int().positive(),
  COOKIE_SECRET: z.string().min(32),
  ORIGINS: z
    .string()
    .transform((list) => list.split(',').map((origin) => origin.trim()))
    .pipe(z.array(z.url()).min(1)),
})

const env = Env.parse(process.env)
const client = createPublicClient({ transport: http(env.RPC_URL) })
const app = createSiwxApp({
  verifier: createSiwxVerifier({
    getClient: (chainId) => (chainId === env.CHAIN_ID ? client : undefined),
    origins: env.ORIGINS,
  }),
  cookie: sessionCookie({
    secret: env.COOKIE_SECRET,
    secure: env.ORIGINS.every((origin) => origin.startsWith('https:')),
  }),
  origins: env.ORIGINS,
})
serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(`SIWX example backend on http://localhost:${info.port}/siwx (for ${env.ORIGINS.join(', ')})`)
})
