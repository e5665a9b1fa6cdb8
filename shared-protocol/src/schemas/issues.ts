import type * as z from 'zod/mini'
import type { Issue } from '../errors/rpc.ts'

type RawIssue = z.core.$ZodIssue & { input?: unknown }

/** Issues a missing value raises: a type mismatch, an enum/literal mismatch, or no union option matching. */
const MISSING_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union'])

/** The spec's wording for a schema issue (§8: schema defaults such as 'Required', 'Invalid email'). */
function describe(issue: RawIssue): string {
  // A missing value reads 'Required' whatever its schema: also for a field with its own message (an e-mail
  // is not 'Invalid email' when absent), an enum or a union. Needs the issue's input (parse with reportInput).
  if ('input' in issue && issue.input === undefined && MISSING_CODES.has(issue.code)) return 'Required'
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : `Expected ${issue.expected}`
    case 'invalid_value':
      return `Expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
    case 'too_small':
      return `Too small: expected at least ${String(issue.minimum)}`
    case 'too_big':
      return `Too big: expected at most ${String(issue.maximum)}`
    case 'invalid_format':
      return issue.format === 'email' ? 'Invalid email' : `Invalid ${issue.format}`
    case 'invalid_union':
      return 'Invalid input'
    default:
      return 'Invalid input'
  }
}

/** Flattens zod issues into the `{ path, message }` list carried by InvalidParamsError. */
export function toIssues(issues: readonly z.core.$ZodIssue[]): Issue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: describe(issue as RawIssue),
  }))
}
