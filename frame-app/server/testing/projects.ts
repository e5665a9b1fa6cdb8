/**
 * Test support: projects of a suite's own (a login method turned on, a recovery mode), added to a harness's
 * database as an import does — for the frame's tests, which reach the server through `testing/` only.
 * @module
 */
import { type ProjectInput, parseProjects } from '../config.ts'
import { importProjects } from '../projects/store.ts'
import type { Harness } from './harness.ts'

export async function addProjects(harness: Harness, projects: ProjectInput[]): Promise<void> {
  await importProjects(harness.db, parseProjects(projects), harness.now())
}
