/**
 * The e2e fixtures of the consumer apps: their sites, started before the worker's stack so that its dev
 * project allows their origins (one origin each), the apps prepared once (`prepare.ts`) while the stack
 * starts, and the Next.js app's own server (`next start`) with the stack's settings in its environment.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { type StaticSite, startStaticSite } from '@keyframe/dev-fixtures'
import { fileLogger, type Stack } from '@keyframe/devstack'
import { stackLogFile } from '../artifacts.ts'
import { test as base, expect } from '../fixtures.ts'
import { type AppName, appDir, type Prepared, prepareConsumers, type Step } from './prepare.ts'

/** What a page of the apps needs to find the stack: the dev project, its frame and chains. */
type Settings = { projectId: string; frameUrl: string; chains: Stack['chains'] }

type ConsumerSites = {
  vite: StaticSite
  plain: StaticSite
  nextOrigin: string
  /** Filled once the stack runs; the static sites write it into every page they serve. */
  settings: { current: Settings | undefined }
}
export type ConsumerApps = {
  prepared: Prepared
  /** Each app's page, once it is built and served. */
  urls: Record<AppName, string>
  /** The Next.js server's output so far (stdout and stderr). */
  nextLog(): string
}

const HOST = '127.0.0.1'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/** Starts `next start` on `port` and waits until it answers; its output is kept for the tests. */
async function startNext(
  dir: string,
  port: number,
  settings: Settings,
  logFile: string,
): Promise<{ child: ChildProcess; log(): string }> {
  let log = ''
  // Its lines go to the run's logs too, for the canary.
  const logger = fileLogger(logFile, 'consumer-next')
  const child = spawn(join(dir, 'node_modules/.bin/next'), ['start', '-H', HOST, '-p', String(port)], {
    cwd: dir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      KEYFRAME_PROJECT_ID: settings.projectId,
      KEYFRAME_FRAME_URL: settings.frameUrl,
      KEYFRAME_CHAINS: JSON.stringify(settings.chains),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    log += text
    for (const line of text.split('\n')) if (line.trim()) logger.info('next: output', { line })
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${log}`)
    const up = await fetch(`http://${HOST}:${port}/`, { method: 'HEAD' }).then(
      () => true,
      () => false,
    )
    if (up) return { child, log: () => log }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`next start did not answer within 60 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export const test = base.extend<object, { consumerSites: ConsumerSites; consumerApps: ConsumerApps }>({
  consumerSites: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      // Packing, installing and building start now, while the stack starts; `consumerApps` waits for them.
      prepareConsumers().catch(() => undefined)
      const settings: ConsumerSites['settings'] = { current: undefined }
      const site = (app: AppName) =>
        startStaticSite({
          root: join(appDir(app), 'dist'),
          host: HOST,
          port: 0,
          config: () => settings.current,
          logger: fileLogger(stackLogFile(workerInfo.workerIndex), `consumer-${app}`),
          name: `consumer-${app}`,
        })
      const [vite, plain, nextPort] = await Promise.all([site('vite-wagmi'), site('plain-html'), freePort()])
      await use({ vite, plain, nextOrigin: `http://${HOST}:${nextPort}`, settings })
      await Promise.all([vite.close(), plain.close()])
    },
    { scope: 'worker' },
  ],
  stackOptions: [
    async ({ consumerSites }, use) => {
      await use({
        extraOrigins: [consumerSites.vite.origin, consumerSites.plain.origin, consumerSites.nextOrigin],
      })
    },
    { scope: 'worker' },
  ],
  consumerApps: [
    async ({ consumerSites, stack }, use, workerInfo) => {
      const prepared = await prepareConsumers()
      const settings: Settings = {
        projectId: stack.projectId,
        frameUrl: stack.frameUrl,
        chains: stack.chains,
      }
      consumerSites.settings.current = settings
      const next = prepared.apps['next-app']?.build?.ok
        ? await startNext(
            appDir('next-app'),
            Number(new URL(consumerSites.nextOrigin).port),
            settings,
            stackLogFile(workerInfo.workerIndex),
          )
        : undefined
      await use({
        prepared,
        urls: {
          'vite-wagmi': consumerSites.vite.url,
          'plain-html': consumerSites.plain.url,
          'next-app': `${consumerSites.nextOrigin}/`,
        },
        nextLog: () => next?.log() ?? '',
      })
      next?.child.kill('SIGTERM')
    },
    // The first worker installs three apps (Next.js among them) and builds them.
    { scope: 'worker', timeout: 12 * 60_000 },
  ],
})

/** Fails with the command and its output unless the step succeeded. */
export function expectStep(step: Step | undefined, what: string) {
  expect(step, `${what}: not run (an earlier step failed)`).toBeDefined()
  expect(step!.ok, `${what} failed: ${step!.command}\n${step!.output}`).toBe(true)
}

/** An app's page, after checking that everything before it (pack, install, build) succeeded. */
export function appUrl(apps: ConsumerApps, app: AppName): string {
  expectStep(apps.prepared.pack, 'build and npm pack of @keyframe/protocol and @keyframe/sdk')
  const prepared = apps.prepared.apps[app]
  expectStep(prepared?.install, `npm install in ${app}`)
  expectStep(prepared?.build, `the build of ${app}`)
  return apps.urls[app]
}

export { expect }
