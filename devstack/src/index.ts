export { startStack, type Stack, type StackOptions } from './startStack.ts'
export { startStaticSite, type StaticSite } from './staticSite.ts'
export { dappDist, frameWebDist, repoRoot } from './paths.ts'
export { type LoadedScript, recordScripts, sumGzip } from './loadedJs.ts'
