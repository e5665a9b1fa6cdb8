/**
 * `@keyframe/sdk/wagmi`: the wagmi connector. `@wagmi/core` is an optional peer dependency: only this entry
 * needs it.
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is the package entry (package.json "exports": "./wagmi")

export { type KeyframeParameters, keyframe } from '../wagmi/keyframe.ts'
