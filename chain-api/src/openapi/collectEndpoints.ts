/**
 * Every endpoint declared in `@keyframe/protocol/chain-api/<area>`: each area file of that folder is imported
 * and its exported endpoint objects are taken, so a new area or endpoint needs no list to be kept here.
 * @module
 */
import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Endpoint } from '@keyframe/protocol/chain-api/endpoint'

/** One declared endpoint: its area (the file name), its export name (the OpenAPI operationId) and itself. */
export type DeclaredEndpoint = { area: string; name: string; endpoint: Endpoint }

/** Whether an export is an endpoint declaration (the shape `endpoint()` returns). */
export function isEndpoint(value: unknown): value is Endpoint {
  if (value === null || typeof value !== 'object') return false
  const e = value as Record<string, unknown>
  return (
    (e.method === 'get' || e.method === 'post') &&
    typeof e.path === 'string' &&
    e.path.startsWith('/') &&
    typeof e.summary === 'string' &&
    (e.auth === 'project' || e.auth === 'gateway' || e.auth === 'public') &&
    'response' in e
  )
}

/** The folder of the area files (`shared-protocol/src/chain-api`). */
export function protocolAreaFolder(): string {
  return dirname(fileURLToPath(import.meta.resolve('@keyframe/protocol/chain-api/endpoint')))
}

/** The area names: every `.ts` file of the folder except `endpoint.ts` and tests. */
export function protocolAreas(folder = protocolAreaFolder()): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'endpoint.ts')
    .map((file) => file.slice(0, -3))
    .sort()
}

/**
 * Imports every area and returns its endpoints, sorted by path then method.
 * @throws Error when two declarations share a method and path.
 */
export async function collectEndpoints(areas = protocolAreas()): Promise<DeclaredEndpoint[]> {
  const found: DeclaredEndpoint[] = []
  for (const area of areas) {
    const exports: Record<string, unknown> = await import(`@keyframe/protocol/chain-api/${area}`)
    for (const [name, value] of Object.entries(exports))
      if (isEndpoint(value)) found.push({ area, name, endpoint: value })
  }
  found.sort(
    (a, b) =>
      a.endpoint.path.localeCompare(b.endpoint.path) || a.endpoint.method.localeCompare(b.endpoint.method),
  )
  const seen = new Map<string, string>()
  for (const { area, name, endpoint } of found) {
    const key = `${endpoint.method.toUpperCase()} ${endpoint.path}`
    const other = seen.get(key)
    if (other) throw new Error(`${key} is declared twice: ${other} and ${area}.${name}`)
    seen.set(key, `${area}.${name}`)
  }
  return found
}
