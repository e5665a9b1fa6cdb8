import { type ChainApi, createChainApi } from '../api/createChainApi.ts'
import type { Keyframe } from '../core/createKeyframe.ts'

const apis = new WeakMap<Keyframe, ChainApi>()

/**
 * The instance's chain-api client (option `chainApiUrl`), made on first use in the modal's chunk so the
 * client and its schemas stay out of the first load. One per instance: its calls share one cache (SPEC §9).
 * `undefined` when the dApp gave no `chainApiUrl`.
 */
export function chainApiOf(kf: Keyframe): ChainApi | undefined {
  const { chainApiUrl, projectId } = kf._internal
  if (chainApiUrl === undefined) return undefined
  let api = apis.get(kf)
  if (!api) {
    api = createChainApi({ baseUrl: chainApiUrl, projectId })
    apis.set(kf, api)
  }
  return api
}
