export { type Anvil, type StartAnvilOptions, startAnvil } from './chain/anvil.ts'
export { devNFTAbi, devNFTBytecode } from './chain/artifacts/DevNFT.ts'
export { devTokenAbi, devTokenBytecode } from './chain/artifacts/DevToken.ts'
export { idRegistryAbi } from './chain/artifacts/IdRegistry.ts'
export { spamNFTAbi } from './chain/artifacts/SpamNFT.ts'
export {
  DEV_TOKENS,
  type DeployedContracts,
  deployDevContracts,
  devClient,
  SEED_TOKEN_AMOUNT,
} from './chain/deploy.ts'
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
export {
  DEV_FARCASTER_FIDS,
  type DevFarcasterFid,
  ID_REGISTRY_ADDRESS,
  placeIdRegistry,
  registerFid,
} from './chain/idRegistry.ts'
export {
  deploySmartAccount,
  deploySmartAccountFactory,
  type SmartAccountInfo,
  signAsSmartAccount,
  smartAccount,
} from './chain/smartAccount.ts'
export { deploySpamNft, mintSpamNft, SPAM_NFT_ADDRESS, SPAM_NFT_OWNER } from './chain/spamNft.ts'
export { DEV_CHAIN_SPECS, type DevChains, type StartChainsOptions, startChains } from './chain/startChains.ts'
export { deployUniswapV2, UNISWAP_POOLS } from './chain/uniswap.ts'
export { chromiumLaunchOptions } from './chromium.ts'
export {
  type AuthenticateWithFarcasterOptions,
  authenticateWithFarcaster,
  SIWF_CHAIN_ID,
  SIWF_STATEMENT,
  siwfMessage,
} from './farcaster/authenticateWithFarcaster.ts'
export { type ChannelStatus, parseConnectUri } from './farcaster/channelApi.ts'
export {
  type FarcasterRelay,
  type FarcasterRelayOptions,
  startFarcasterRelay,
} from './farcaster/startFarcasterRelay.ts'
export { type LoadedScript, recordScripts, sumGzip } from './loadedJs.ts'
export {
  type CaughtMail,
  type CaughtMailSummary,
  type MailCatcher,
  type MailCatcherOptions,
  startMailCatcher,
  type WaitForOptions,
} from './mail/startMailCatcher.ts'
export { signInWithFetch } from './oidc/signInWithFetch.ts'
export { type Oidc, type OidcClient, type OidcOptions, startOidc } from './oidc/startOidc.ts'
export type { StackLogger } from './stackLogger.ts'
export { type StaticSite, startStaticSite } from './staticSite.ts'
