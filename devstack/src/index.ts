export { fileLogger } from './logFile.ts'
export { dappDist, frameWebDist, repoRoot } from './paths.ts'
export { type Relay, type RelayOptions, startRelay } from './relay/startRelay.ts'
export { SECOND_DAPP_HOST, type Stack, type StackOptions, startStack } from './startStack.ts'
export {
  startWalletConnectDevWallet,
  type WalletConnectDevRequest,
  type WalletConnectDevWallet,
  type WalletConnectDevWalletOptions,
  type WalletConnectProposal,
} from './walletconnect/devWallet.ts'
