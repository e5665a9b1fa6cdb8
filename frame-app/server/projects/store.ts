/**
 * The projects table: read by the frame document (CSP `frame-ancestors`, the bridge's allowlist) and the login
 * routes; written by the admin CLI and route, imports and the dev seed.
 * @module
 */
import { SOCIALS, type SocialProvider } from '@keyframe/protocol/core'
import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import { asc, eq } from 'drizzle-orm'
import type { Project } from '../config.ts'
import type { Db } from '../db/createDatabase.ts'
import { type LoginMethod, projects, type SocialClient, type SocialsConfig } from '../db/schema/projects.ts'

const columns = {
  id: projects.id,
  name: projects.name,
  allowedOrigins: projects.allowedOrigins,
  loginMethods: projects.loginMethods,
  recoveryMode: projects.recoveryMode,
}

/** One project by id, or `undefined`. */
export async function getProject(db: Db, id: string): Promise<Project | undefined> {
  const [row] = await db.select(columns).from(projects).where(eq(projects.id, id)).limit(1)
  return row
}

/** A provider's client of a project, if the project turned that provider on; server-side use only (secret). */
export async function getSocialClient(
  db: Db,
  id: string,
  provider: SocialProvider,
): Promise<SocialClient | undefined> {
  const [row] = await db
    .select({ loginMethods: projects.loginMethods, socials: projects.socials })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1)
  return row?.loginMethods.includes('social') ? row.socials[provider] : undefined
}

/**
 * The logins besides e-mail a project turned on, in the spec's order (§9): its configured social providers
 * and, when this server has Farcaster set up, Farcaster. Names only: what the frame HTML may say.
 */
export async function projectLogins(db: Db, id: string, farcaster: boolean): Promise<LoginProvider[]> {
  const [row] = await db
    .select({ loginMethods: projects.loginMethods, socials: projects.socials })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1)
  if (!row) return []
  const social = row.loginMethods.includes('social')
  return SOCIALS.filter((name) =>
    name === 'farcaster'
      ? farcaster && row.loginMethods.includes('farcaster')
      : social && row.socials[name] !== undefined,
  )
}

/**
 * Replaces a project's social clients (already validated); `social` joins its login methods while any is set.
 * @returns the providers now on, or undefined when there is no such project.
 */
export async function setProjectSocials(
  db: Db,
  id: string,
  socials: SocialsConfig,
  now: Date,
): Promise<SocialProvider[] | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ loginMethods: projects.loginMethods })
      .from(projects)
      .where(eq(projects.id, id))
      .for('update')
    if (!row) return undefined
    const names = Object.keys(socials) as SocialProvider[]
    const others = row.loginMethods.filter((method) => method !== 'social')
    const loginMethods: LoginMethod[] = names.length > 0 ? [...others, 'social'] : others
    await tx.update(projects).set({ socials, loginMethods, updatedAt: now }).where(eq(projects.id, id))
    return names
  })
}

/** Every project, by id. */
export function listProjects(db: Db): Promise<Project[]> {
  return db.select(columns).from(projects).orderBy(asc(projects.id))
}

/**
 * Adds a project (already validated with `parseProjects`).
 * @returns false when the id exists (nothing changed).
 */
export async function addProject(db: Db, project: Project, now: Date): Promise<boolean> {
  const rows = await db
    .insert(projects)
    .values({ ...project, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: projects.id })
  return rows.length === 1
}

/** Adds or replaces projects (an import): the file wins for the ids it lists. One transaction. */
export async function importProjects(db: Db, list: readonly Project[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const project of list) {
      const { id, ...settings } = project
      await tx
        .insert(projects)
        .values({ ...project, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: projects.id, set: { ...settings, updatedAt: now } })
    }
  })
}

/**
 * Replaces a project's allowed origins (already canonical).
 * @returns false when there is no such project.
 */
export async function setProjectOrigins(db: Db, id: string, origins: string[], now: Date): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ allowedOrigins: origins, updatedAt: now })
    .where(eq(projects.id, id))
    .returning({ id: projects.id })
  return rows.length === 1
}
