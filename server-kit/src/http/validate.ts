import { validator } from 'hono/validator'
import type * as z from 'zod/mini'
import { fail } from './errors.ts'

/** The spec's wording for one issue (§8: schema defaults such as 'Required', 'Invalid email'). */
function describe(issue: z.core.$ZodIssue & { input?: unknown }): string {
  if (issue.input === undefined && ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code))
    return 'Required'
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  if (issue.code === 'invalid_format')
    return issue.format === 'email' ? 'Invalid email' : `Invalid ${issue.format}`
  if (issue.code === 'unrecognized_keys') return `Unrecognized key: ${issue.keys.join(', ')}`
  if (issue.code === 'invalid_type') return `Expected ${issue.expected}`
  return 'Invalid input'
}

/**
 * The message of a 400: the first issue in the spec's words ('Invalid email', 'Required'), prefixed with its
 * field unless it names the field itself.
 */
export function issuesMessage(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0]
  if (!issue) return 'Invalid input'
  const text = describe(issue)
  const path = issue.path.map(String).join('.')
  if (!path || text === 'Invalid email') return text
  return `${path}: ${text}`
}

/** Parses a value with a schema or ends the request with 400 `{ code: 'invalid_params', message }`. */
export function parseOrFail<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true })
  if (!parsed.success) fail(400, 'invalid_params', issuesMessage(parsed.error.issues))
  return parsed.data
}

/**
 * Validates the JSON body. A body that is not `application/json` (a cross-site form post) is refused here too;
 * malformed JSON gets hono's 400 'Malformed JSON in request body'.
 * @example
 * app.post('/x', jsonBody(z.object({ email })), (c) => c.json(c.req.valid('json')))
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  return validator('json', (value, c): z.output<S> => {
    const type = c.req.header('content-type') ?? ''
    if (!/^application\/json(;|$)/i.test(type))
      fail(415, 'unsupported_media_type', 'Expected application/json')
    return parseOrFail(schema, value)
  })
}

/**
 * Validates the query string (each value a string, or the last one when a key repeats is not taken: repeated
 * keys reach the schema as arrays).
 * @example
 * app.get('/v1/x', queryParams(z.object({ chainId })), (c) => c.json(c.req.valid('query')))
 */
export function queryParams<S extends z.ZodMiniType>(schema: S) {
  return validator('query', (value): z.output<S> => parseOrFail(schema, value))
}
