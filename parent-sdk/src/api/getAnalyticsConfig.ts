/**
 * `GET /getAnalyticsConfig`: whether the SDK may send analytics events. Asked once per instance.
 * @module
 */
import { getAnalyticsConfig as endpoint } from '@keyframe/protocol/chain-api/catalogue'
import type { ChainApi } from './createChainApi.ts'

export type GetAnalyticsConfigParameters = { signal?: AbortSignal | undefined }

/**
 * `{ isAnalyticsEnabled }`, fetched once and kept.
 * @example
 * const { isAnalyticsEnabled } = await getAnalyticsConfig(api)
 */
export function getAnalyticsConfig(
  api: ChainApi,
  { signal }: GetAnalyticsConfigParameters = {},
): Promise<{ isAnalyticsEnabled: boolean }> {
  return api.cache.get(
    'analytics-config',
    Number.POSITIVE_INFINITY,
    (loadSignal) => api.request(endpoint, { signal: loadSignal }),
    { signal },
  )
}
