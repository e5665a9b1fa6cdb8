import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { SERVER_TIMEOUTS } from '@keyframe/server-kit'
import { createFrameApp, type FrameAppOptions } from './app.ts'
import { parseApprovalTimeout, parseChains } from './chains.ts'
import { type ProjectInput, parseProjects } from './config.ts'
import { randomSecrets, type ServerSecrets } from './crypto/keys.ts'
import { createDatabase, type Database } from './db/createDatabase.ts'
import { createLogger } from './logger.ts'
import { createMailer, type Mailer } from './mail/createMailer.ts'
import { importProjects } from './projects/store.ts'
import { sweep } from './sweep.ts'

/** The built frame web app, next to this package. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url))

export type StartFrameServerOptions = Omit<FrameAppOptions, 'webRoot' | 'database' | 'secrets' | 'mailer'> & {
  /** Default: `frame-app/dist/web`. */
  webRoot?: string
  /** 0 picks a free port. */
  port: number
  /** Default `'localhost'`. */
  hostname?: string
  /** Default: a throwaway in-memory PGlite, closed with the server. `main.ts` passes the configured one. */
  database?: Database
  /** Imported into the database at start (the file wins for the ids it lists): devstack, e2e, tests. */
  projects?: readonly ProjectInput[]
  /** Default: random per start (fine for a throwaway database only). */
  secrets?: ServerSecrets
  /** Default: nodemailer to `smtpUrl`, or dropped mail without it. */
  mailer?: Mailer
  smtpUrl?: string
  mailFrom?: string
}

export type FrameServer = {
  /** Where it listens, e.g. `http://localhost:54321` (no trailing slash). */
  url: string
  database: Database
  close(): Promise<void>
}

/**
 * Starts the frame server on `hostname:port` (devstack, e2e, bench, `server/main.ts`).
 * @throws Error when a project to import is invalid (bad id, `*`, `null`, `file:`, a path…), a chain is
 *   invalid (see `parseChains`) or `approvalTimeoutMs` is not in (0, APPROVAL_TIMEOUT_MS].
 * @example
 * import { startFrameServer } from '@keyframe/frame/server'
 * const frame = await startFrameServer({
 *   projects: [{ id: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] }],
 *   chains: [{ id: 31337, name: 'Keyframe Local', rpcUrl: 'http://127.0.0.1:8545',
 *     nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
 *   port: 0,
 * })
 * console.log(frame.url) // http://localhost:54321
 * await frame.close()
 */
export async function startFrameServer(options: StartFrameServerOptions): Promise<FrameServer> {
  const {
    webRoot = DEFAULT_WEB_ROOT,
    port,
    hostname = 'localhost',
    database: given,
    projects,
    secrets = randomSecrets(),
    mailer: givenMailer,
    smtpUrl,
    mailFrom,
    ...appOptions
  } = options
  const parsed = projects ? parseProjects(projects) : []
  // Checked before anything starts: a bad chain must not leave a database or a timer behind.
  parseChains(appOptions.chains ?? [])
  if (appOptions.approvalTimeoutMs !== undefined) parseApprovalTimeout(appOptions.approvalTimeoutMs)
  const logger = appOptions.logger ?? createLogger()
  const database = given ?? (await createDatabase({ dataDir: 'memory://' }))
  const mailer = givenMailer ?? createMailer({ smtpUrl, from: mailFrom, logger })
  try {
    if (parsed.length > 0) await importProjects(database.db, parsed, new Date())
  } catch (error) {
    if (!given) await database.close()
    throw error
  }
  const app = createFrameApp({ ...appOptions, logger, webRoot, database, secrets, mailer })
  const janitor = setInterval(() => {
    sweep(database.db, new Date()).catch((error: unknown) => logger.warn('sweep failed', { error }))
  }, 15 * 60_000)
  janitor.unref()

  return new Promise((resolve, reject) => {
    // A request whose headers or body never arrive is closed (408) after a few seconds.
    const server = serve({ fetch: app.fetch, port, hostname, serverOptions: SERVER_TIMEOUTS }, (info) => {
      server.off('error', reject)
      const host = hostname.includes(':') ? `[${hostname}]` : hostname
      resolve({
        url: `http://${host}:${info.port}`,
        database,
        close: async () => {
          clearInterval(janitor)
          await new Promise<void>((done, failed) => {
            server.close((error) => (error ? failed(error) : done()))
            server.closeAllConnections()
          })
          if (!givenMailer) mailer.close()
          if (!given) await database.close()
        },
      })
    }) as Server
    server.once('error', reject)
  })
}
