/**
 * `npm run -w frame-app admin -- <command>`: manage projects in the database named by DATABASE_URL (or the
 * PGlite folder PGLITE_DIR, default frame-app/.data/pglite; stop the server first, PGlite has one user).
 *
 *   project list
 *   project add <id> --origin <origin> [--origin <origin>…] [--name <name>] [--recovery passphrase|operator] [--login email]
 *   project set-origins <id> <origin> [<origin>…]
 *   project set-socials <id> <socials.json>   ({ "google": { "clientId", "clientSecret", "issuer"? }, … })
 *   project import <file.json>
 * @module
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { socialsConfigSchema } from '../auth/social/config.ts'
import { canonicalOrigins, loadProjects, parseProjects } from '../config.ts'
import { createDatabase } from '../db/createDatabase.ts'
import {
  addProject,
  importProjects,
  listProjects,
  setProjectOrigins,
  setProjectSocials,
} from '../projects/store.ts'

const USAGE = `Usage:
  admin project list
  admin project add <id> --origin <origin> [--origin <origin>…] [--name <name>] [--recovery passphrase|operator] [--login email]
  admin project set-origins <id> <origin> [<origin>…]
  admin project set-socials <id> <socials.json>
  admin project import <file.json>`

/** Runs one admin command; returns the text to print. Throws with a message for people on misuse. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      origin: { type: 'string', multiple: true },
      name: { type: 'string' },
      recovery: { type: 'string' },
      login: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [group, command, ...rest] = positionals
  if (values.help || group !== 'project' || !command) throw new Error(USAGE)

  const database = await createDatabase({ url: env.DATABASE_URL, dataDir: env.PGLITE_DIR })
  try {
    const { db } = database
    const now = new Date()
    switch (command) {
      case 'list': {
        const projects = await listProjects(db)
        if (projects.length === 0) return 'No projects.'
        return projects
          .map(
            (p) =>
              `${p.id}  "${p.name}"  recovery=${p.recoveryMode}  login=${p.loginMethods.join(',')}\n  ${p.allowedOrigins.join('\n  ')}`,
          )
          .join('\n')
      }
      case 'add': {
        const [id] = rest
        if (!id || rest.length !== 1) throw new Error(USAGE)
        const [project] = parseProjects([
          {
            id,
            allowedOrigins: values.origin ?? [],
            ...(values.name !== undefined && { name: values.name }),
            ...(values.recovery !== undefined && { recoveryMode: values.recovery }),
            ...(values.login !== undefined && { loginMethods: values.login }),
          },
        ])
        if (!project) throw new Error(USAGE)
        if (!(await addProject(db, project, now))) throw new Error(`Project "${id}" already exists`)
        return `Added ${id}: ${project.allowedOrigins.join(' ')} (recovery ${project.recoveryMode})`
      }
      case 'set-origins': {
        const [id, ...origins] = rest
        if (!id || origins.length === 0) throw new Error(USAGE)
        const canonical =
          parseProjects([{ id, allowedOrigins: origins }])[0]?.allowedOrigins ?? canonicalOrigins(origins)
        if (!(await setProjectOrigins(db, id, canonical, now))) throw new Error(`No project "${id}"`)
        return `${id} now allows ${canonical.join(' ')}`
      }
      case 'set-socials': {
        const [id, file] = rest
        if (!id || !file || rest.length !== 2) throw new Error(USAGE)
        let json: unknown
        try {
          json = JSON.parse(await readFile(file, 'utf8'))
        } catch (cause) {
          throw new Error(`Cannot read the socials file ${file}`, { cause })
        }
        const parsed = socialsConfigSchema.safeParse(json)
        if (!parsed.success)
          throw new Error(
            `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          )
        const on = await setProjectSocials(db, id, parsed.data, now)
        if (!on) throw new Error(`No project "${id}"`)
        return on.length > 0 ? `${id} now logs in with ${on.join(', ')}` : `${id} has no social login`
      }
      case 'import': {
        const [file] = rest
        if (!file) throw new Error(USAGE)
        const projects = await loadProjects(file)
        await importProjects(db, projects, now)
        return `Imported ${projects.map((p) => p.id).join(', ')}`
      }
      default:
        throw new Error(USAGE)
    }
  } finally {
    await database.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2)).then(
    (out) => console.log(out),
    (error: Error) => {
      console.error(error.message)
      process.exitCode = 1
    },
  )
}
