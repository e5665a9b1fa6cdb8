/**
 * Account-name registration rules (SPEC §5).
 * @module
 */
import { NAME_NAMESPACES } from '../constants.ts'

const ACCOUNT_NAME = /^[a-zA-Z0-9-]{4,}$/

/** Shown when an account name breaks {@link isValidAccountName}. */
export const ACCOUNT_NAME_ERROR =
  'Name must be at least 4 characters and use only letters, digits and hyphens'

/**
 * Whether `name` (without suffix) has only ASCII letters, digits and hyphens and at least 4 characters.
 * @example
 * import { isValidAccountName } from '@keyframe/protocol'
 * isValidAccountName('alice-1') // true
 */
export function isValidAccountName(name: string): boolean {
  return typeof name === 'string' && ACCOUNT_NAME.test(name)
}

/**
 * Whether accounts of a namespace can register names: only EVM (SPEC §5).
 * @example
 * import { canRegisterAccountName } from '@keyframe/protocol'
 * canRegisterAccountName('solana') // false
 */
export function canRegisterAccountName(namespace: string): boolean {
  return (NAME_NAMESPACES as readonly string[]).includes(namespace)
}
