import { type ChainApi, createChainApi } from '../api/createChainApi.ts'
import type { Keyframe } from '../core/createKeyframe.ts'
import { defineRuntime } from '../core/runtime.ts'

/** The instance's client, made on first use; `undefined` without `chainApiUrl`. */
const CHAIN_API = defineRuntime('chainApi', (kf): ChainApi | undefined => {
  const { chainApiUrl, projectId } = kf._internal
  return chainApiUrl === undefined ? undefined : createChainApi({ baseUrl: chainApiUrl, projectId })
})

/**
 * The instance's chain-api client (option `chainApiUrl`), made on first use in the modal's chunk so the
 * client and its schemas stay out of the first load. One per instance: its calls share one cache (SPEC §9).
 * `undefined` when the dApp gave no `chainApiUrl`.
 */
export function chainApiOf(kf: Keyframe): ChainApi | undefined {
  return kf._internal.runtime(CHAIN_API)
}
