/**
 * The dev faucet: gives an address ETH, KFT, kUSD, a Keyframe NFT and a spam NFT on every dev chain, from Node (`fund`) or over HTTP
 * (`POST /fund`, for the demo dApp's "Fund wallet" button).
 * @module
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { type Hash, parseEther, parseUnits } from 'viem'
import type { StackLogger } from '../stackLogger.ts'
import { devNFTAbi } from './artifacts/DevNFT.ts'
import { devTokenAbi } from './artifacts/DevToken.ts'
import { confirm, devClient, inTurn } from './deploy.ts'
import type { DevChain } from './devChain.ts'
import { mintSpamNft } from './spamNft.ts'

/** What one `fund` gives on each chain: native balance set to this many ETH… */
export const FAUCET_ETH = '100'
/** …and this many of each dev token minted. */
export const FAUCET_TOKEN_AMOUNT = '1000'

/**
 * On every chain: sets the balance of `address` to {@link FAUCET_ETH} ETH (`anvil_setBalance`) and mints it
 * {@link FAUCET_TOKEN_AMOUNT} of each dev token, one Keyframe NFT and one spam NFT (so a wallet has NFTs to
 * show, one of them to hide). Resolves once every mint is mined.
 * @throws Error when a mint reverts or a chain does not answer.
 */
export async function fund(chains: DevChain[], address: `0x${string}`): Promise<void> {
  // Any casing is accepted: lower case is valid for viem whatever the checksum says.
  const to = address.toLowerCase() as `0x${string}`
  await Promise.all(
    chains.map(async (chain) => {
      const client = devClient(chain)
      await client.setBalance({ address: to, value: parseEther(FAUCET_ETH) })
      const hashes = await inTurn(chain.rpcUrl, async () => {
        const sent: Hash[] = []
        for (const token of chain.tokens) {
          sent.push(
            await client.writeContract({
              address: token.address,
              abi: devTokenAbi,
              functionName: 'mint',
              args: [to, parseUnits(FAUCET_TOKEN_AMOUNT, token.decimals)],
            }),
          )
        }
        sent.push(
          await client.writeContract({
            address: chain.nft,
            abi: devNFTAbi,
            functionName: 'mint',
            args: [to],
          }),
        )
        return sent
      })
      await Promise.all([confirm(client, hashes), mintSpamNft(chain, to)])
    }),
  )
}

export type FaucetOptions = {
  chains: DevChain[]
  /** The only origins a browser may call the faucet from (the dApp sites). */
  allowedOrigins: string[]
  /** Port on 127.0.0.1 (0 = any free port). */
  port?: number
  /** Receives one line per funding: the address and the outcome. */
  logger?: StackLogger
}

export type Faucet = {
  /** `http://127.0.0.1:PORT`: `POST /fund` with `{ "address": "0x…" }`, `GET /health`. */
  url: string
  close(): Promise<void>
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** Serves {@link fund} over HTTP on 127.0.0.1, with CORS for `allowedOrigins` only. */
export async function startFaucet(options: FaucetOptions): Promise<Faucet> {
  const { chains, logger } = options
  const app = new Hono()
  app.use(
    cors({ origin: options.allowedOrigins, allowMethods: ['GET', 'POST'], allowHeaders: ['content-type'] }),
  )
  app.get('/health', (c) => c.json({ ok: true }))
  app.post('/fund', async (c) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return c.json({ error: 'Malformed JSON in request body' }, 400)
    }
    const address = (body as { address?: unknown } | null)?.address
    if (typeof address !== 'string' || !ADDRESS.test(address)) {
      return c.json(
        {
          error: `Invalid address ${JSON.stringify(address ?? null)}: expected "0x" followed by 40 hex digits`,
        },
        400,
      )
    }
    try {
      await fund(chains, address as `0x${string}`)
    } catch (error) {
      // viem's first line names the failure (a dev tool: no secret in it); the rest is in the log.
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      logger?.warn('faucet: funding failed', { address, error: String(error) })
      return c.json({ error: `Funding failed: ${reason}` }, 500)
    }
    logger?.info('faucet: funded', { address })
    return c.json({ funded: true })
  })
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
    server.once('error', reject)
  })
}
