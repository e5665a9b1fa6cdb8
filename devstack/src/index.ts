export { type LoadedScript, recordScripts, sumGzip } from './loadedJs.ts'
export { dappDist, frameWebDist, repoRoot } from './paths.ts'
export { type Stack, type StackOptions, startStack } from './startStack.ts'
export { type StaticSite, startStaticSite } from './staticSite.ts'
