/**
 * Prepares the consumer apps (`e2e/consumers/*`) as a dApp developer gets them: `@keyframe/protocol` and
 * `@keyframe/sdk` built and packed with `npm pack`, each template copied to a fresh folder outside the
 * repository, the tarballs and the template's registry dependencies installed with npm, then the app's own
 * typecheck and build. Once per Playwright run: a worker that restarts after a failed test finds the result
 * on disk (the folder is named after the runner's process) instead of installing again.
 * @module
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const APPS = ['vite-wagmi', 'next-app', 'plain-html'] as const
export type AppName = (typeof APPS)[number]

/** One command's outcome: its exit, its output (stdout and stderr interleaved, the end kept) and its time. */
export type Step = { command: string; ok: boolean; output: string; ms: number }
export type PreparedApp = { dir: string; install: Step; typecheck: Step | undefined; build: Step | undefined }
export type Prepared = {
  /** Building both packages and packing them; the apps are not installed when it failed. */
  pack: Step
  apps: Record<AppName, PreparedApp | undefined>
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const templates = join(repoRoot, 'e2e/consumers')
const PACKAGES = { '@keyframe/protocol': 'shared-protocol', '@keyframe/sdk': 'parent-sdk' } as const
/** What a failure message keeps of a command's output. */
const OUTPUT_TAIL = 12_000
const STEP_TIMEOUT_MS = 8 * 60_000

/** The folder of this run: the workers of one Playwright run share their runner, the parent process. */
export const runDir = join(tmpdir(), `keyframe-consumers-${process.ppid}`)
const resultFile = join(runDir, 'prepared.json')

/** Where each app's built site ends up (served by the fixtures; Next.js serves itself). */
export const appDir = (app: AppName) => join(runDir, app)

/**
 * Runs a command outside the workspace: npm's own variables of the `npm run` that started the suite
 * (workspace, prefix, …) are left out, so npm in the app's folder behaves as in a developer's shell.
 */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Step> {
  // Plain text for failure messages: no colours (the test runner's FORCE_COLOR left out too).
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'FORCE_COLOR'),
  )
  const started = performance.now()
  const line = [command, ...args].join(' ')
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...clean, NO_COLOR: '1', NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL)
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const timer = setTimeout(() => {
      output += `\n(killed after ${STEP_TIMEOUT_MS / 1000} s)`
      child.kill('SIGKILL')
    }, STEP_TIMEOUT_MS)
    const done = (ok: boolean, extra = '') => {
      clearTimeout(timer)
      resolve({
        command: `${line}  (in ${cwd})`,
        ok,
        output: output + extra,
        ms: Math.round(performance.now() - started),
      })
    }
    child.on('error', (error) => done(false, `\n${error.message}`))
    child.on('close', (code) => done(code === 0))
  })
}

/** Builds both packages (turbo: a cache hit after CI's build) and packs them; returns the tarballs. */
async function pack(into: string): Promise<{ step: Step; tarballs: Record<string, string> }> {
  const build = await run(
    'npx',
    ['turbo', 'run', 'build', '--filter=@keyframe/sdk...', '--output-logs=errors-only'],
    repoRoot,
  )
  if (!build.ok) return { step: build, tarballs: {} }
  const packed = await Promise.all(
    Object.entries(PACKAGES).map(async ([name, folder]) => {
      const step = await run('npm', ['pack', '--pack-destination', into], join(repoRoot, folder))
      // npm's name for a scoped package's tarball: @keyframe/sdk 0.1.0 → keyframe-sdk-0.1.0.tgz
      const { version } = JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as {
        version: string
      }
      const file = `${name.slice(1).replace('/', '-')}-${version}.tgz`
      return { name, step, file: existsSync(join(into, file)) ? file : undefined }
    }),
  )
  const steps = [build, ...packed.map((p) => p.step)]
  const step: Step = {
    command: steps.map((s) => s.command).join('; '),
    ok: packed.every((p) => p.step.ok && p.file),
    output: steps.map((s) => `$ ${s.command}\n${s.output}`).join('\n'),
    ms: steps.reduce((n, s) => n + s.ms, 0),
  }
  const tarballs = Object.fromEntries(packed.map((p) => [p.name, join(into, p.file ?? '')]))
  return { step, tarballs }
}

/**
 * A fresh copy of the template with the tarballs in place of the registry: the app depends on
 * `@keyframe/sdk` (its tarball), and `@keyframe/protocol`, which the SDK depends on, is taken from its
 * tarball too (an override, as the app itself does not import it).
 */
function copyTemplate(app: AppName, tarballs: Record<string, string>): string {
  const dir = appDir(app)
  cpSync(join(templates, app), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist|\.next)$/.test(source),
  })
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>
    overrides?: Record<string, string>
  }
  manifest.dependencies['@keyframe/sdk'] = `file:${tarballs['@keyframe/sdk']}`
  manifest.overrides = {
    ...manifest.overrides,
    '@keyframe/protocol': `file:${tarballs['@keyframe/protocol']}`,
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  return dir
}

async function prepareApp(app: AppName, tarballs: Record<string, string>): Promise<PreparedApp> {
  const dir = copyTemplate(app, tarballs)
  const install = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    dir,
  )
  if (!install.ok) return { dir, install, typecheck: undefined, build: undefined }
  const typecheck = await run('npm', ['run', 'typecheck'], dir)
  const build = await run('npm', ['run', 'build'], dir)
  return { dir, install, typecheck, build }
}

/** Removes the folders of earlier runs whose runner has exited (a Next.js install is a few hundred MB). */
function removeStaleRuns() {
  for (const name of readdirSync(tmpdir())) {
    const pid = /^keyframe-consumers-(\d+)$/.exec(name)?.[1]
    if (!pid || Number(pid) === process.ppid) continue
    try {
      process.kill(Number(pid), 0)
    } catch {
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
    }
  }
}

async function prepareAll(): Promise<Prepared> {
  if (existsSync(resultFile)) return JSON.parse(readFileSync(resultFile, 'utf8')) as Prepared
  removeStaleRuns()
  rmSync(runDir, { recursive: true, force: true })
  const packs = join(runDir, 'packs')
  mkdirSync(packs, { recursive: true })
  const { step, tarballs } = await pack(packs)
  const apps = Object.fromEntries(
    await Promise.all(
      APPS.map(async (app) => [app, step.ok ? await prepareApp(app, tarballs) : undefined] as const),
    ),
  ) as Prepared['apps']
  const prepared: Prepared = { pack: step, apps }
  writeFileSync(resultFile, JSON.stringify(prepared))
  return prepared
}

let preparing: Promise<Prepared> | undefined
/** Packs, installs, typechecks and builds the three apps, in parallel and once per run. */
export function prepareConsumers(): Promise<Prepared> {
  preparing ??= prepareAll()
  return preparing
}
