export { fileLogger } from './logFile.ts'
export { dappDist, frameWebDist, repoRoot } from './paths.ts'
export { SECOND_DAPP_HOST, type Stack, type StackOptions, startStack } from './startStack.ts'
