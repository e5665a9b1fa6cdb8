/**
 * `npm run -w chain-api start`: chain-api configured by the environment (see `env.ts` and chain-api/README.md):
 * PORT (5177), HOST (127.0.0.1), PUBLIC_URL, DATABASE_URL or PGLITE_DIR (chain-api/.data/pglite), CHAINS (a
 * JSON array of `{ id, name, rpcUrl, nativeCurrency, tokens?, uniswapV2?, bundlerUrl?, blockExplorerUrl?,
 * testnet? }`), PROJECTS (a JSON array of `{ id, allowedOrigins, rpcRateLimit? }`) or KEYFRAME_PROJECTS_FILE,
 * PRICES, SPAM_CONTRACTS, NAME_SUFFIX, ONRAMP_SANDBOX_KEY, ANALYTICS_ENABLED, INDEXER_POLL_INTERVAL_MS.
 */
import { ConfigError, loadChainApiEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { startChainApi } from './serve.ts'

let env: ReturnType<typeof loadChainApiEnv>
try {
  env = loadChainApiEnv()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

const api = await startChainApi({
  config: env.config,
  port: env.port,
  hostname: env.host,
  database: env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.pgliteDir },
  logger: createLogger({ base: { source: 'chain-api' } }),
})
const { config } = env
console.log(`Keyframe chain-api on ${api.url} (${api.database.kind}${env.production ? ', production' : ''})`)
console.log(`  Public URL: ${config.publicUrl}`)
for (const chain of config.chains) console.log(`  ${chain.caip2}: ${chain.name}`)
for (const project of config.projects)
  console.log(
    `  project ${project.id}: allows ${project.allowedOrigins.join(', ') || 'server-to-server calls only'}`,
  )
if (config.chains.length === 0) console.log('  CHAINS is not set: every network is unsupported')
if (config.onrampSandbox)
  console.log('  On-ramp sandbox: pays test funds from the dev key (development only)')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void api.close().then(() => process.exit(0))
  })
}
