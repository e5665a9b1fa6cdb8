import { fail } from '@keyframe/server-kit'
import type { Project } from '../config.ts'
import type { ServerContext } from '../context.ts'
import type { LoginMethod } from '../db/schema/projects.ts'
import { getProject } from './store.ts'

/** The project of a login request; 403 'Invalid key' (spec §8) when unknown or the method is off for it. */
export async function projectForLogin(ctx: ServerContext, id: string, method: LoginMethod): Promise<Project> {
  const project = await getProject(ctx.db, id)
  if (!project?.loginMethods.includes(method)) fail(403, 'invalid_key', 'Invalid key')
  return project
}
