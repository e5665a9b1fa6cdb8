/**
 * `npm start -w frame-app`: the frame server, configured by the environment (see `env.ts` and the README):
 * PORT (5174), HOST (localhost), PUBLIC_URL, DATABASE_URL or PGLITE_DIR, SMTP_URL, MAIL_FROM, KEK, KEK_ID,
 * OTP_PEPPER, OPERATOR_RECOVERY_KEY(_ID), ADMIN_TOKEN, ACCESS_LOG, KEYFRAME_PROJECTS_FILE, CHAINS (a JSON array of
 * `{ id, name, rpcUrl, nativeCurrency: { name, symbol, decimals }, blockExplorerUrl? }`), ADDABLE_CHAINS (a JSON
 * array of `{ rpcOrigin, chainIds? }`: what wallet_addEthereumChain may add), FARCASTER_RPC_URL (+ FARCASTER_RELAY_URL,
 * FARCASTER_ID_REGISTRY: Sign In With Farcaster), SOCIAL_REDIRECT_FALLBACK (1: a social login may come back by
 * full-page redirect when its popup was blocked; see auth/social/FLOW.md). NODE_ENV=production
 * (`npm run -w frame-app start:prod`) refuses to start without what a deployment needs, and without the
 * built web app (`npm run -w frame-app build`, served from `frame-app/dist/web`).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEV_PROJECT, loadProjects, storedOriginProblems } from './config.ts'
import { crashHookFromEnv } from './crashPoint.ts'
import { createDatabase } from './db/createDatabase.ts'
import { assertOperatorKey, assertWebBuilt, ConfigError, loadServerConfig } from './env.ts'
import { createLogger } from './logger.ts'
import { addProject, importProjects, listProjects } from './projects/store.ts'
import { DEFAULT_WEB_ROOT, startFrameServer } from './serve.ts'

const logger = createLogger()
let config: ReturnType<typeof loadServerConfig>
try {
  config = loadServerConfig()
  if (config.production) assertWebBuilt(DEFAULT_WEB_ROOT)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

const database = await createDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir })
const now = new Date()
if (!config.production) await addProject(database.db, DEV_PROJECT, now)
if (config.projectsFile) await importProjects(database.db, await loadProjects(config.projectsFile), now)
const projects = await listProjects(database.db)
try {
  assertOperatorKey(config, projects)
} catch (error) {
  console.error((error as Error).message)
  await database.close()
  process.exit(1)
}

const server = await startFrameServer({
  database,
  secrets: config.secrets,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  publicUrl: config.publicUrl,
  adminToken: config.adminToken,
  accessLog: config.accessLog,
  chains: config.chains,
  addableChains: config.addableChains,
  trustedProxyHops: config.trustedProxyHops,
  ...(config.farcaster && { farcaster: config.farcaster }),
  socialRedirectFallback: config.socialRedirectFallback,
  crash: crashHookFromEnv(),
  logger,
  port: config.port,
  hostname: config.host,
})
console.log(
  `Keyframe frame server on ${server.url} (${database.kind}${config.production ? ', production' : ''})`,
)
for (const project of projects) {
  console.log(
    `  ${project.id}: ${config.publicUrl ?? server.url}/frame?projectId=${project.id}  (allows ${project.allowedOrigins.join(', ')})`,
  )
}
for (const problem of storedOriginProblems(projects)) console.warn(`  ${problem}`)
if (projects.length === 0)
  console.log(
    '  No project yet: add one with `npm run -w frame-app admin -- project add <id> --origin <dApp origin>`',
  )
if (!config.smtpUrl) console.log('  SMTP_URL is not set: mails are dropped')
if (config.chains.length === 0) console.log('  CHAINS is not set: the frame refuses every RPC request')
if (!existsSync(join(DEFAULT_WEB_ROOT, 'index.html')))
  console.log('  The frame web app is not built (`npm run -w frame-app build`): /frame answers 503')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(async () => {
      await database.close()
      process.exit(0)
    })
  })
}
