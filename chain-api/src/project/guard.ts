/**
 * Who may call an endpoint (spec §7/§8): `project` calls carry projectId, st and sv; `gateway` calls only
 * projectId; `public` calls nothing. An unknown project is 403 'Invalid key'; a browser call (with `Origin`)
 * from an origin the project does not allow is 403 'Origin not allowed'. A call without `Origin` is
 * server-to-server and allowed: the origin rule protects users' browsers, not the data.
 * @module
 */
import { createOriginMatcher } from '@keyframe/protocol'
import type { EndpointAuth } from '@keyframe/protocol/chain-api/endpoint'
import { projectQuery } from '@keyframe/protocol/chain-api/endpoint'
import { fail, parseOrFail } from '@keyframe/server-kit'
import * as z from 'zod/mini'
import type { ChainApiConfig, ProjectConfig } from '../config.ts'

const gatewayQuery = z.object({ projectId: projectQuery.shape.projectId })

type Lookup = Map<string, { project: ProjectConfig; allows(origin: string): boolean }>
// One lookup per configuration object: built on first use, not per request.
const lookups = new WeakMap<readonly ProjectConfig[], Lookup>()

function lookupOf(projects: readonly ProjectConfig[]): Lookup {
  let lookup = lookups.get(projects)
  if (!lookup) {
    lookup = new Map(
      projects.map((p) => [p.id, { project: p, allows: createOriginMatcher(p.allowedOrigins) }]),
    )
    lookups.set(projects, lookup)
  }
  return lookup
}

/** The configured project with this id, and whether it allows `origin`; undefined for an unknown id. */
export function findProject(
  config: ChainApiConfig,
  projectId: string,
): { project: ProjectConfig; allows(origin: string): boolean } | undefined {
  return lookupOf(config.projects).get(projectId)
}

/**
 * Runs the rule of `auth` on a request's query and `Origin` header; returns the calling project (undefined
 * for `public`).
 * @throws HTTPException 400 invalid_params ('projectId: Required'), 403 invalid_key, 403 origin_not_allowed.
 */
export function guardProject(
  config: ChainApiConfig,
  auth: EndpointAuth,
  query: Record<string, string | undefined>,
  origin: string | undefined,
): ProjectConfig | undefined {
  if (auth === 'public') return undefined
  const { projectId } =
    auth === 'project' ? parseOrFail(projectQuery, query) : parseOrFail(gatewayQuery, query)
  const found = findProject(config, projectId)
  if (!found) fail(403, 'invalid_key', 'Invalid key')
  if (origin !== undefined && !found.allows(origin)) fail(403, 'origin_not_allowed', 'Origin not allowed')
  return found.project
}
