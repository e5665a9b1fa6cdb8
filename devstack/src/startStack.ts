import { createDatabase, loadServerConfig, startFrameServer } from '@keyframe/frame/server'
import { type MailCatcher, startMailCatcher } from './mail/startMailCatcher.ts'
import { dappDist, frameWebDist } from './paths.ts'
import { startStaticSite } from './staticSite.ts'

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
}

export type Stack = {
  dappUrl: string
  dappOrigin: string
  /** The frame document URL the SDK is configured with. */
  frameUrl: string
  frameOrigin: string
  projectId: string
  /** The SMTP catcher every mail of the frame server goes to; its inbox is at `mail.httpUrl`. */
  mail: MailCatcher
  close(): Promise<void>
}

/**
 * Starts the local world for the foundation: the demo dApp on 127.0.0.1 and the frame on localhost —
 * two origins and two sites, as a real deployment has.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const projectId = options.projectId ?? 'dev'
  let frameUrl = ''
  const dapp = await startStaticSite({
    root: dappDist,
    host: '127.0.0.1',
    port: options.dappPort ?? 0,
    config: () => ({ projectId, frameUrl }),
  })
  const mail = await startMailCatcher({ smtpPort: options.smtpPort ?? 0, httpPort: options.mailboxPort ?? 0 })
  // A database that survives restarts needs secrets that do too: the dev ones kept in frame-app/.data.
  const database =
    options.dataDir === undefined ? undefined : await createDatabase({ dataDir: options.dataDir })
  const frame = await startFrameServer({
    ...(database ? { database, secrets: loadServerConfig({ NODE_ENV: 'development' }).secrets } : {}),
    smtpUrl: mail.smtpUrl,
    projects: [{ id: projectId, allowedOrigins: [dapp.origin, ...(options.extraOrigins ?? [])] }],
    webRoot: frameWebDist,
    port: options.framePort ?? 0,
    hostname: '127.0.0.1',
    frameAncestors: options.frameAncestors ?? 'enforce',
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
    mail,
    async close() {
      await Promise.all([dapp.close(), frame.close(), mail.close()])
    },
  }
}
