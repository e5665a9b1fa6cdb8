import {
  createDatabase,
  loadServerConfig,
  type StartFrameServerOptions,
  startFrameServer,
} from '@keyframe/frame/server'
import { fileLogger } from './logFile.ts'
import { type MailCatcher, startMailCatcher } from './mail/startMailCatcher.ts'
import { dappDist, frameWebDist } from './paths.ts'
import { type StaticSite, startStaticSite } from './staticSite.ts'

/** The host of the second dApp site: another loopback address, so another site to the browser. */
export const SECOND_DAPP_HOST = '127.0.0.2'

export type StackOptions = {
  /** Port of the demo dApp on 127.0.0.1 (0 = any free port). */
  dappPort?: number
  /** Port of the frame server, reached as http://localhost:PORT (0 = any free port). */
  framePort?: number
  projectId?: string
  /** Extra origins the dev project allows (e.g. a test page). */
  extraOrigins?: string[]
  /** 'off' only for the e2e test that proves the in-frame guard alone refuses a hostile embedder. */
  frameAncestors?: 'enforce' | 'off'
  /** PGlite data folder that survives restarts (`npm start`); default: a fresh in-memory database. */
  dataDir?: string
  /** Ports of the mail catcher on 127.0.0.1 (0 = any free port). */
  smtpPort?: number
  mailboxPort?: number
  /** The dev project's recovery mode (default `passphrase`, as a project gets without one). */
  recoveryMode?: 'passphrase' | 'operator'
  /**
   * Also serves the demo dApp on a second top-level site, `http://127.0.0.2:PORT` (an allowed origin of the
   * project too): the browser partitions the frame's storage per top-level site, so there the frame is a new
   * device. Off by default.
   */
  secondSite?: boolean
  /** Port of the second site (0 = any free port). */
  secondDappPort?: number
  /**
   * Appends every log line of the stack here as JSON lines, each with a `source`: the frame server's logger
   * (`frame`), the mail catcher (`mail`) and the dApp sites (`dapp`, `dapp2`). Default: the frame server logs
   * to stderr and the others stay silent.
   */
  logFile?: string
  /** Overrides of the frame server's limits (tests only; see `LIMITS` in `@keyframe/frame/server`). */
  limits?: StartFrameServerOptions['limits']
}

export type Stack = {
  dappUrl: string
  dappOrigin: string
  /** The frame document URL the SDK is configured with. */
  frameUrl: string
  frameOrigin: string
  projectId: string
  /** The same dApp on the second site (`secondSite: true`), e.g. `http://127.0.0.2:41234/`. */
  secondDappUrl: string | undefined
  secondDappOrigin: string | undefined
  /** The SMTP catcher every mail of the frame server goes to; its inbox is at `mail.httpUrl`. */
  mail: MailCatcher
  close(): Promise<void>
}

/**
 * Starts the local world: the demo dApp on 127.0.0.1 and the frame on localhost — two origins and two
 * sites, as a real deployment has — with the mail catcher the frame server mails through. With
 * `secondSite` the dApp is also served on 127.0.0.2, a third site.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const projectId = options.projectId ?? 'dev'
  let frameUrl = ''
  const { logFile } = options
  const dappSite = (name: string, host: string, port: number) =>
    startStaticSite({
      root: dappDist,
      host,
      port,
      config: () => ({ projectId, frameUrl }),
      name,
      ...(logFile ? { logger: fileLogger(logFile, name) } : {}),
    })
  const dapp = await dappSite('dapp', '127.0.0.1', options.dappPort ?? 0)
  let second: StaticSite | undefined
  if (options.secondSite) {
    try {
      second = await dappSite('dapp2', SECOND_DAPP_HOST, options.secondDappPort ?? 0)
    } catch (error) {
      await dapp.close()
      throw error
    }
  }
  const mail = await startMailCatcher({
    smtpPort: options.smtpPort ?? 0,
    httpPort: options.mailboxPort ?? 0,
    ...(logFile ? { logger: fileLogger(logFile, 'mail') } : {}),
  })
  // A database that survives restarts needs secrets that do too: the dev ones kept in frame-app/.data.
  const database =
    options.dataDir === undefined ? undefined : await createDatabase({ dataDir: options.dataDir })
  const frame = await startFrameServer({
    ...(database ? { database, secrets: loadServerConfig({ NODE_ENV: 'development' }).secrets } : {}),
    smtpUrl: mail.smtpUrl,
    projects: [
      {
        id: projectId,
        allowedOrigins: [dapp.origin, ...(second ? [second.origin] : []), ...(options.extraOrigins ?? [])],
        ...(options.recoveryMode ? { recoveryMode: options.recoveryMode } : {}),
      },
    ],
    webRoot: frameWebDist,
    port: options.framePort ?? 0,
    hostname: '127.0.0.1',
    frameAncestors: options.frameAncestors ?? 'enforce',
    accessLog: true,
    ...(logFile ? { logger: fileLogger(logFile, 'frame') } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  })
  const framePort = new URL(frame.url).port
  const frameOrigin = `http://localhost:${framePort}`
  frameUrl = `${frameOrigin}/frame`
  return {
    dappUrl: dapp.url,
    dappOrigin: dapp.origin,
    frameUrl,
    frameOrigin,
    projectId,
    secondDappUrl: second?.url,
    secondDappOrigin: second?.origin,
    mail,
    async close() {
      await Promise.all([dapp.close(), second?.close(), frame.close(), mail.close()])
    },
  }
}
