/**
 * Projects the frame serves: id → allowed dApp origins. A config file for now; the database comes with the
 * e-mail login issue (`/api/projects`).
 * @module
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { parseAllowedOrigin } from '@keyframe/protocol'
import * as z from 'zod/mini'

/** One project: its id (the SDK's `projectId`) and the exact dApp origins that may embed its frame. */
export type Project = {
  id: string
  /** Canonical allowed origins (`https://app.example.com`, or one leading `*.` label). */
  allowedOrigins: string[]
}

/** The dev project file: project `dev` allowing the demo dApp at http://127.0.0.1:5173. */
export const DEFAULT_PROJECTS_FILE = fileURLToPath(new URL('../projects.dev.json', import.meta.url))

const allowedOrigin = z.string().check(
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

const projectsSchema = z
  .array(
    z.strictObject({
      id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected 1-64 letters, digits, "_" or "-"')),
      allowedOrigins: z
        .array(allowedOrigin)
        .check(z.minLength(1, 'A project needs at least one allowed origin')),
    }),
  )
  .check(
    z.refine(
      (projects) => new Set(projects.map((p) => p.id)).size === projects.length,
      'Project ids must be unique',
    ),
  )

/** zod/mini carries no locale: word the generic issues here. */
function describe(issue: z.core.$ZodIssue): string {
  if (issue.message !== 'Invalid input') return issue.message
  if (issue.code === 'unrecognized_keys') return `Unrecognized keys: ${issue.keys.join(', ')}`
  if (issue.code === 'invalid_type') return `Expected ${issue.expected}`
  return issue.message
}

/**
 * Validates projects and returns them with canonical origins.
 * @throws Error naming each invalid field, e.g. `projects.0.allowedOrigins.0: Invalid origin "*": …`.
 */
export function parseProjects(input: unknown): Project[] {
  const parsed = projectsSchema.safeParse(input)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${['projects', ...issue.path].join('.')}: ${describe(issue)}`,
    )
    throw new Error(`Invalid projects config:\n  ${issues.join('\n  ')}`)
  }
  return parsed.data.map((project) => ({
    id: project.id,
    allowedOrigins: [...new Set(project.allowedOrigins.map(parseAllowedOrigin))],
  }))
}

/**
 * Reads the projects file: `{ "projects": [{ "id": "dev", "allowedOrigins": ["http://127.0.0.1:5173"] }] }`.
 * @param file defaults to `KEYFRAME_PROJECTS_FILE`, then `frame-app/projects.dev.json`.
 * @throws Error when the file cannot be read, is not JSON, or fails {@link parseProjects}.
 */
export async function loadProjects(
  file: string = process.env.KEYFRAME_PROJECTS_FILE || DEFAULT_PROJECTS_FILE,
) {
  let json: unknown
  try {
    json = JSON.parse(await readFile(file, 'utf8'))
  } catch (cause) {
    throw new Error(`Cannot read the projects file ${file}`, { cause })
  }
  const projects = (json as { projects?: unknown } | null)?.projects
  try {
    return parseProjects(projects)
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`)
  }
}
