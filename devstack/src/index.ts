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
