/**
 * Project definitions: validation, and the JSON import format. Projects live in the database (`projects`
 * table); a JSON file is only an import source (`KEYFRAME_PROJECTS_FILE` at start, `admin project import`).
 * @module
 */
import { readFile } from 'node:fs/promises'
import { allowedOriginSchema, parseAllowedOrigin } from '@keyframe/protocol'
import { projectOriginCheck, projectOriginProblem } from '@keyframe/server-kit'
import * as z from 'zod/mini'
import { socialsConfigSchema } from './auth/social/config.ts'
import {
  LOGIN_METHODS,
  type LoginMethod,
  RECOVERY_MODES,
  type RecoveryMode,
  type SocialsConfig,
} from './db/schema/projects.ts'

/** One project: the SDK's `projectId`, the exact dApp origins that may embed its frame, and its settings. */
export type Project = {
  id: string
  /** Shown in mails ("Your Acme login code"). */
  name: string
  /** Canonical allowed origins (`https://app.example.com`, or one leading `*.` label). */
  allowedOrigins: string[]
  loginMethods: LoginMethod[]
  recoveryMode: RecoveryMode
  /**
   * The social providers' clients (with `social` in loginMethods). Written by an import or the admin, never
   * read back with the project: the secrets stay in the login routes (`auth/social/config.ts`).
   */
  socials?: SocialsConfig
}

/**
 * What an import or the admin API accepts: `name` defaults to the id, `loginMethods` to `['email']` (with
 * `socials`: `['email', 'social']`), `recoveryMode` to `'passphrase'`.
 */
export type ProjectInput = Pick<Project, 'id' | 'allowedOrigins'> &
  Partial<Omit<Project, 'id' | 'allowedOrigins'>>

/** The project seeded in development: the demo dApp at http://127.0.0.1:5173, passphrase recovery. */
export const DEV_PROJECT: Project = {
  id: 'dev',
  name: 'Keyframe Dev',
  allowedOrigins: ['http://127.0.0.1:5173'],
  loginMethods: ['email'],
  recoveryMode: 'passphrase',
}

export const projectIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected 1-64 letters, digits, "_" or "-"'))

/** A name safe in a mail subject and a From display name: no control characters, quotes or angle brackets. */
export const projectNameSchema = z
  .string()
  .check(
    z.regex(/^[^\p{Cc}<>"\\]{1,64}$/u, 'Expected 1-64 characters without control characters, quotes or <>'),
  )

/** The protocol's rules, then the deployment's: https only (loopback excepted), no wildcard over a public suffix. */
const allowedOrigin = allowedOriginSchema.check(projectOriginCheck)

export const allowedOriginsSchema = z
  .array(allowedOrigin)
  .check(z.minLength(1, 'A project needs at least one allowed origin'), z.maxLength(100))

export const projectInputSchema = z.strictObject({
  id: projectIdSchema,
  name: z.optional(projectNameSchema),
  allowedOrigins: allowedOriginsSchema,
  loginMethods: z.optional(z.array(z.enum(LOGIN_METHODS)).check(z.minLength(1))),
  recoveryMode: z.optional(z.enum(RECOVERY_MODES)),
  socials: z.optional(socialsConfigSchema),
})

const projectsSchema = z
  .array(projectInputSchema)
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

/** Canonical origins, duplicates dropped. */
export function canonicalOrigins(origins: readonly string[]): string[] {
  return [...new Set(origins.map(parseAllowedOrigin))]
}

/**
 * Origins stored before the https-only and public-suffix rules: they still work, so the server names them at
 * start with the command that replaces them.
 * @example
 * storedOriginProblems([{ id: 'acme', allowedOrigins: ['http://app.acme.com'], … }])
 * // ['acme: Invalid origin "http://app.acme.com": only https: … (replace it: `admin project set-origins acme …`)']
 */
export function storedOriginProblems(projects: readonly Pick<Project, 'id' | 'allowedOrigins'>[]): string[] {
  return projects.flatMap((project) =>
    project.allowedOrigins.flatMap((origin) => {
      const problem = projectOriginProblem(origin)
      return problem
        ? [`${project.id}: ${problem} (replace it: \`admin project set-origins ${project.id} …\`)`]
        : []
    }),
  )
}

function withDefaults(project: z.output<typeof projectInputSchema>): Project {
  return {
    id: project.id,
    name: project.name ?? project.id,
    allowedOrigins: canonicalOrigins(project.allowedOrigins),
    loginMethods: [
      ...new Set<LoginMethod>(
        project.loginMethods ?? ['email', ...(project.socials ? ['social' as const] : [])],
      ),
    ],
    recoveryMode: project.recoveryMode ?? 'passphrase',
    ...(project.socials && { socials: project.socials }),
  }
}

/**
 * Validates projects and returns them with canonical origins and defaults filled in.
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
  return parsed.data.map(withDefaults)
}

/**
 * Reads a projects file for import:
 * `{ "projects": [{ "id": "acme", "name": "Acme", "allowedOrigins": ["https://app.acme.com"], "recoveryMode": "passphrase" }] }`.
 * @throws Error when the file cannot be read, is not JSON, or fails {@link parseProjects}.
 */
export async function loadProjects(file: string): Promise<Project[]> {
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
