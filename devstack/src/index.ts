export { type Anvil, type StartAnvilOptions, startAnvil } from './chain/anvil.ts'
export { devTokenAbi, devTokenBytecode } from './chain/artifacts/DevToken.ts'
export { DEV_TOKENS, type DeployedContracts, deployDevContracts, SEED_TOKEN_AMOUNT } from './chain/deploy.ts'
export {
  DEV_ACCOUNTS,
  type DevChain,
  type DevTokenInfo,
  UNISWAP_CHAIN_ID,
  type UniswapV2Deployment,
} from './chain/devChain.ts'
export {
  FAUCET_ETH,
  FAUCET_TOKEN_AMOUNT,
  type Faucet,
  type FaucetOptions,
  fund,
  startFaucet,
} from './chain/faucet.ts'
export { DEV_CHAIN_SPECS, type DevChains, type StartChainsOptions, startChains } from './chain/startChains.ts'
export { deployUniswapV2, UNISWAP_POOLS } from './chain/uniswap.ts'
export { chromiumLaunchOptions } from './chromium.ts'
export { type LoadedScript, recordScripts, sumGzip } from './loadedJs.ts'
export { fileLogger, type StackLogger } from './logFile.ts'
export {
  type CaughtMail,
  type CaughtMailSummary,
  type MailCatcher,
  type MailCatcherOptions,
  startMailCatcher,
  type WaitForOptions,
} from './mail/startMailCatcher.ts'
export { dappDist, frameWebDist, repoRoot } from './paths.ts'
export { SECOND_DAPP_HOST, type Stack, type StackOptions, startStack } from './startStack.ts'
export { type StaticSite, startStaticSite } from './staticSite.ts'
