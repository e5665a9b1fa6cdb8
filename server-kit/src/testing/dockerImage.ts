/**
 * A server's Docker image without a container runtime (there is none on the test machines): the runtime stage
 * of its Dockerfile laid out in a temporary folder — every `COPY --from=build /src/<path> <dest>` copied from the
 * repository, the repository's node_modules linked in place of the image's `npm ci --omit=dev` — with the
 * stage's ENV, USER, HEALTHCHECK and CMD. A test that starts CMD there finds out when the image lacks a file the
 * server reads at run time.
 * @module
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export type ImageLayout = {
  /** The image's WORKDIR, laid out. */
  dir: string
  /** The runtime stage's ENV. */
  env: Record<string, string>
  /** The runtime stage's USER (undefined: root). */
  user: string | undefined
  /** CMD, exec form. */
  command: string[]
  /** HEALTHCHECK's CMD, exec form. */
  healthcheck: string[]
  remove(): void
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

const execForm = (line: string, keyword: string): string[] => {
  const json = new RegExp(`${keyword}\\s+(\\[.*\\])$`).exec(line)?.[1]
  if (!json) throw new Error(`not an exec-form ${keyword}: ${line}`)
  return JSON.parse(json) as string[]
}

/**
 * Lays out the runtime stage (the last `FROM`) of `dockerfile`, whose build context is the repository root
 * (the Dockerfile's parent folder's parent).
 * @throws Error when a copied path does not exist (the package is not built) or CMD/HEALTHCHECK is missing.
 */
export function layOutImage(dockerfile: string): ImageLayout {
  const root = dirname(dirname(dockerfile))
  const all = instructions(readFileSync(dockerfile, 'utf8'))
  const stage = all.slice(all.findLastIndex((line) => line.startsWith('FROM ')))
  const dir = mkdtempSync(join(tmpdir(), 'keyframe-image-'))
  const layout: ImageLayout = {
    dir,
    env: {},
    user: undefined,
    command: [],
    healthcheck: [],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
  try {
    for (const line of stage) {
      const [keyword] = line.split(/\s/, 1)
      if (keyword === 'ENV')
        for (const pair of line.slice(4).trim().split(/\s+/)) {
          const [name, value] = pair.split('=', 2)
          if (name && value !== undefined) layout.env[name] = value
        }
      if (keyword === 'USER') layout.user = line.slice(5).trim()
      if (keyword === 'CMD') layout.command = execForm(line, 'CMD')
      if (keyword === 'HEALTHCHECK') layout.healthcheck = execForm(line, 'CMD')
      const copied = /^COPY --from=build \/src\/(\S+) (\S+)$/.exec(line)
      if (copied?.[1] && copied[2]) {
        const from = join(root, copied[1])
        if (!existsSync(from)) throw new Error(`${from} is missing (is the package built?): ${line}`)
        cpSync(from, join(dir, copied[2]), { recursive: true })
      }
    }
    if (layout.command.length === 0 || layout.healthcheck.length === 0)
      throw new Error(`${dockerfile}: the runtime stage needs an exec-form CMD and HEALTHCHECK`)
    // In place of `npm ci --omit=dev`: the repository's dependencies, where the image would install them.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    const pkg = dirname(dockerfile).slice(root.length + 1)
    if (existsSync(join(root, pkg, 'node_modules')) && existsSync(join(dir, pkg)))
      symlinkSync(join(root, pkg, 'node_modules'), join(dir, pkg, 'node_modules'))
  } catch (error) {
    layout.remove()
    throw error
  }
  return layout
}
