/**
 * `/api/admin/*`: project management over HTTP, for operators who cannot run the CLI next to the database.
 * Off (404) unless `ADMIN_TOKEN` is set; then every call needs `Authorization: Bearer <ADMIN_TOKEN>`.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { fail, jsonBody } from '@keyframe/server-kit'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { socialsConfigSchema } from '../auth/social/config.ts'
import { allowedOriginsSchema, canonicalOrigins, parseProjects, projectInputSchema } from '../config.ts'
import type { ServerContext } from '../context.ts'
import {
  addProject,
  getProject,
  listProjects,
  setProjectOrigins,
  setProjectSocials,
} from '../projects/store.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

export function adminRoutes(ctx: ServerContext, adminToken: string | undefined) {
  const expected = adminToken ? digest(adminToken) : undefined
  return (
    new Hono()
      .use(async (c, next) => {
        if (!expected) fail(404, 'not_found', 'Not found')
        const match = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')
        if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected))
          fail(401, 'unauthorized', 'Invalid admin token')
        await next()
      })
      .get('/projects', async (c) => c.json({ projects: await listProjects(ctx.db) }))
      .post('/projects', jsonBody(projectInputSchema), async (c) => {
        const [project] = parseProjects([c.req.valid('json')])
        if (!project) fail(400, 'invalid_params', 'Invalid project')
        if (!(await addProject(ctx.db, project, ctx.now())))
          fail(409, 'project_exists', `Project "${project.id}" exists`)
        // The social clients' secrets are never answered, not even to the admin who sent them.
        const { socials: _secrets, ...shown } = project
        return c.json({ project: shown }, 201)
      })
      .put(
        '/projects/:id/origins',
        jsonBody(z.strictObject({ allowedOrigins: allowedOriginsSchema })),
        async (c) => {
          const id = c.req.param('id')
          const origins = canonicalOrigins(c.req.valid('json').allowedOrigins)
          if (!(await setProjectOrigins(ctx.db, id, origins, ctx.now())))
            fail(404, 'not_found', 'No such project')
          return c.json({ project: await getProject(ctx.db, id) })
        },
      )
      /** Replaces the project's social clients; answers the providers now on, never a secret. */
      .put('/projects/:id/socials', jsonBody(z.strictObject({ socials: socialsConfigSchema })), async (c) => {
        const on = await setProjectSocials(ctx.db, c.req.param('id'), c.req.valid('json').socials, ctx.now())
        if (!on) fail(404, 'not_found', 'No such project')
        return c.json({ socials: on })
      })
  )
}
