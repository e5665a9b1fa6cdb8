/**
 * `GET /v1/profile/suggestions/{name}`: names to register. Not cached: the answer changes as names are taken.
 * @module
 */
import { getNameSuggestions as endpoint } from '@keyframe/protocol/chain-api/names'
import type { ChainApi } from './createChainApi.ts'

export type GetNameSuggestionsParameters = {
  /** What the user typed (a label or a full name). */
  name: string
  /** The suffix without its leading dot (`keyframe.id`); another server's zone gives no suggestions. */
  zone?: string | undefined
  signal?: AbortSignal | undefined
}

export type GetNameSuggestionsReturnType = { suggestions: { name: string; registered: boolean }[] }

/**
 * The asked name first (with whether it is taken), then free variants.
 * @example
 * const { suggestions } = await getNameSuggestions(api, { name: 'alice' })
 */
export function getNameSuggestions(
  api: ChainApi,
  parameters: GetNameSuggestionsParameters,
): Promise<GetNameSuggestionsReturnType> {
  const { name, zone, signal } = parameters
  return api.request(endpoint, { params: { name }, query: { zone }, signal })
}
