/**
 * What the name field shows as the person types (SPEC §5 account name): the label's error, the registry's
 * suffix and whether the name is free, read from chain-api's suggestions.
 * @module
 */
import { ACCOUNT_NAME_ERROR, isValidAccountName } from '@keyframe/protocol'
import { NAME_LABEL_MAX_LENGTH } from '@keyframe/protocol/chain-api/names'

export type NameSuggestion = { readonly name: string; readonly registered: boolean }

/** The label in what was typed: the registry's suffix dropped when typed too (`alice.keyframe.id` → `alice`). */
export function labelOf(input: string, suffix: string | undefined): string {
  return suffix && input.toLowerCase().endsWith(suffix) ? input.slice(0, -suffix.length) : input
}

/** Why the label cannot be registered, or undefined when it can (empty: nothing to say yet). */
export function labelError(label: string): string | undefined {
  if (label === '') return undefined
  if (!isValidAccountName(label)) return ACCOUNT_NAME_ERROR
  if (label.length > NAME_LABEL_MAX_LENGTH) return `Name must be at most ${NAME_LABEL_MAX_LENGTH} characters`
  return undefined
}

/** The registry's suffix (`.keyframe.id`), as its suggestions carry it: every name is a label plus the suffix. */
export function suffixOf(suggestions: readonly NameSuggestion[]): string | undefined {
  const name = suggestions[0]?.name
  const dot = name?.indexOf('.') ?? -1
  return name !== undefined && dot > 0 ? name.slice(dot) : undefined
}

/**
 * The suggestions for `label`: whether the label itself is taken (undefined when chain-api did not say), and
 * the free variants to offer instead (never the label itself).
 */
export function readSuggestions(
  label: string,
  suggestions: readonly NameSuggestion[],
): { taken: boolean | undefined; variants: string[] } {
  const suffix = suffixOf(suggestions)
  const asked = suffix === undefined ? undefined : `${label.toLowerCase()}${suffix}`
  const own = suggestions.find((s) => s.name === asked)
  return {
    taken: own?.registered,
    variants: suggestions.filter((s) => !s.registered && s.name !== asked).map((s) => s.name),
  }
}
