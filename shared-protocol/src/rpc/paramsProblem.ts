/**
 * The words of a -32602 for an RPC method: which parameter is wrong and what it must be, e.g.
 * "parameter 2 (address) must be a 0x-prefixed 20-byte address", from the first zod issue.
 * @module
 */
import type * as z from 'zod/mini'
import { InvalidParamsError, type Issue } from '../errors/rpc.ts'
import { RPC_PARAM_NAMES } from './paramNames.ts'

type RawIssue = z.core.$ZodIssue & { input?: unknown }

/** Schema messages that read better as a rule. */
const RULES: Record<string, string> = {
  'Invalid address': 'a 0x-prefixed 20-byte address',
}

const TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** Where the issue is: "parameter 2 (address)", "parameter 1 (transaction) field gasPrice", "field message". */
function subjectOf(method: string, path: readonly PropertyKey[]): string {
  const [first, ...rest] = path
  if (first === undefined) return 'params'
  if (typeof first !== 'number') return `field ${fieldPath(path)}`
  const name = RPC_PARAM_NAMES[method]?.[first]
  const parameter = `parameter ${first + 1}${name ? ` (${name})` : ''}`
  return rest.length > 0 ? `${parameter} field ${fieldPath(rest)}` : parameter
}

/** `['calls', 0, 'to']` → `calls[0].to`. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('')
}

/**
 * The rule a value broke, read after its subject: "must be a list", "is missing". zod/mini's own message is
 * always 'Invalid input' (no locale is loaded), so the rule comes from the issue's code; a schema's own
 * message is used as it is ("Expected …" read as "must be …").
 */
function ruleOf(issue: RawIssue): string {
  const missing = issue.input === undefined && issue.code !== 'too_small' && issue.code !== 'too_big'
  if (missing && issue.path.length > 0) return ' is missing'
  if (issue.message && issue.message !== 'Invalid input') return messageRule(issue.message)
  switch (issue.code) {
    case 'invalid_type':
      return ` must be ${TYPES[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      return ` must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? 'at least' : 'at most'
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum)
      if (issue.origin === 'array') return ` must have ${bound} ${plural(limit, 'item')}`
      if (issue.origin === 'string') return ` must have ${bound} ${plural(limit, 'character')}`
      return ` must be ${bound} ${limit}`
    }
    case 'unrecognized_keys':
      return ` has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'}: ${issue.keys.join(', ')}`
    case 'invalid_format':
      return ` must be a valid ${issue.format}`
    default:
      return ' is invalid'
  }
}

/** A schema's own message as a rule: "Expected …" reads "must be …"; a sentence of its own follows as it is. */
function messageRule(message: string): string {
  const known = RULES[message]
  if (known) return ` must be ${known}`
  if (message.startsWith('Expected ')) return ` must be ${message.slice('Expected '.length)}`
  return `: ${message}`
}

/** The first issue of a method's params, in words. */
export function paramsProblem(method: string, issue: z.core.$ZodIssue): string {
  const raw = issue as RawIssue
  // The list itself: too short names the first missing parameter, too long says how many there may be.
  if (raw.path.length === 0 && Array.isArray(raw.input)) {
    if (raw.code === 'too_small') return `${subjectOf(method, [raw.input.length])} is missing`
    if (raw.code === 'too_big') {
      const most = Number(raw.maximum)
      return most === 0 ? 'takes no parameters' : `takes at most ${plural(most, 'parameter')}`
    }
  }
  return `${subjectOf(method, raw.path)}${ruleOf(raw)}`
}

/**
 * The -32602 for a rule the schema cannot state, found while answering (a chain id that is not the one
 * asked for, a token the chain does not hold): worded as `checkRpcCall` words a schema's issue.
 * @example invalidRpcParams('wallet_watchAsset', [{ path: ['options', 'address'], message: 'Invalid address' }])
 * // 'Invalid params for wallet_watchAsset: field options.address must be a 0x-prefixed 20-byte address'
 */
export function invalidRpcParams(method: string, issues: [Issue, ...Issue[]]): InvalidParamsError {
  const [first] = issues
  return new InvalidParamsError(
    method,
    issues,
    `${subjectOf(method, first.path)}${messageRule(first.message)}`,
  )
}
