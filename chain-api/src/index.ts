/**
 * `@keyframe/chain-api`: the Blockchain API, the wallet catalogue and the RPC gateway, with the indexer behind
 * them. Start it with {@link startChainApi} (devstack, tests) or `npm run -w chain-api start` (`main.ts`).
 * @module
 */
export { createChainApiApp } from './app.ts'
export { chainFromDevChain, DEV_PRICES_BY_SYMBOL, type DevChainLike, devPrices } from './chains/devChains.ts'
export { type ChainRegistry, createChainRegistry } from './chains/registry.ts'
export {
  type ChainApiConfig,
  type ChainApiConfigInput,
  type ChainConfig,
  type ChainInput,
  createConfig,
  type ProjectConfig,
  type ProjectInput,
} from './config.ts'
export type { ChainApiContext, ChainApiEnv } from './context.ts'
export { ConfigError, DEV_ONRAMP_SANDBOX_KEY, DEV_PROJECT, loadChainApiEnv } from './env.ts'
export { createLogger, type Logger, silentLogger } from './logger.ts'
export type { ChainApiModule } from './module.ts'
export {
  allModules,
  type ChainApi,
  openChainApiDatabase,
  type StartChainApiOptions,
  startChainApi,
} from './serve.ts'
