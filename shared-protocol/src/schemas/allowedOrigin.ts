import * as z from 'zod/mini'
import { parseAllowedOrigin } from '../rules/origins.ts'

/** An entry of a project's allowed origins (`parseAllowedOrigin`'s rules and messages): exact, or one `*.` label. */
export const allowedOriginSchema = z.string().check(
  z.superRefine((value, ctx) => {
    try {
      parseAllowedOrigin(value)
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: error instanceof Error ? error.message : 'Invalid origin',
        input: value,
      })
    }
  }),
)
