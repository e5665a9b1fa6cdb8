import { isValidAccountName } from '@keyframe/protocol'
import { NAME_LABEL_MAX_LENGTH } from '@keyframe/protocol/chain-api/names'

/**
 * The lowercase label of a name of this registry: `Alice` and `alice.keyframe.id` (suffix `.keyframe.id`) both
 * give `alice`. Undefined for a name of another zone (`alice.eth`) or a label that breaks the spec's rule
 * (letters, digits, hyphens, at least 4 characters; at most 63).
 * @example
 * nameLabel('Alice.keyframe.id', '.keyframe.id') // 'alice'
 */
export function nameLabel(name: string, suffix: string): string | undefined {
  const lower = name.toLowerCase()
  const label = lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower
  if (!isValidAccountName(label) || label.length > NAME_LABEL_MAX_LENGTH) return undefined
  return label
}
