import { createHash } from 'node:crypto'

/** A dev account, derived from the login name typed on the stand-in's login page. */
export type DevAccount = {
  /** The login name as typed (lower case): the account's `sub`. */
  login: string
  /** The name before any `+` suffix: the username and the e-mail's local part. */
  name: string
  email: string | null
  emailVerified: boolean
  /** A stable numeric id, for providers whose user ids are numbers (GitHub) or digit strings. */
  numericId: number
}

/** `alice`, `alice+unverified`, `alice+noemail`: letters, digits, `.`, `_`, `-`, up to 40, then a suffix. */
const LOGIN = /^([a-z0-9][a-z0-9._-]{0,39})(\+unverified|\+noemail)?$/

/**
 * The account a login name stands for: `<name>` has `<name>@example.test`, verified; `<name>+unverified` the
 * same address, not verified; `<name>+noemail` no address. Undefined for a name outside that pattern.
 */
export function devAccount(loginName: string): DevAccount | undefined {
  const login = loginName.trim().toLowerCase()
  const match = LOGIN.exec(login)
  if (!match) return undefined
  const name = match[1]!
  const suffix = match[2]
  // Same login → same id on every start, so a second site or a restarted stack finds the same user.
  const numericId = createHash('sha256').update(login).digest().readUIntBE(0, 6)
  return {
    login,
    name,
    email: suffix === '+noemail' ? null : `${name}@example.test`,
    emailVerified: suffix === undefined,
    numericId,
  }
}
