/**
 * The scale-out stack: two frame-server processes and two chain-api processes, started as a deployment
 * starts them (the compiled servers, `node …/main.js`, configured by the environment), on one PostgreSQL
 * database (a fresh one on TEST_DATABASE_URL's server), behind Debian's HAProxy: round robin, health checks
 * on `/healthz`, no stickiness, a dead server's requests retried on the other (`option redispatch`). HAProxy
 * names the server that answered in `X-Served-By`, and its admin socket can take a server out (`maint`) so a
 * test says which instance gets the next request. The demo dApp (127.0.0.1) embeds the frame through HAProxy
 * (localhost): two origins, as a deployment has.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  DEV_FARCASTER_FIDS,
  type DevChain,
  type Faucet,
  fund,
  startChains,
  startFarcasterRelay,
  startFaucet,
  startMailCatcher,
  startOidc,
  startStaticSite,
} from '@keyframe/dev-fixtures'
import { dappDist, repoRoot, type Stack, startRelay } from '@keyframe/devstack'
import { createPostgresDatabase } from '@keyframe/server-kit/testing'

export const HAPROXY = '/usr/sbin/haproxy'
/** The header HAProxy adds to every answer: the name of the server that gave it. */
export const SERVED_BY = 'x-served-by'
export const PROJECT_ID = 'scale'
/** The chain-api project's RPC gateway limit, small enough for a test to run past it. */
export const GATEWAY_LIMIT = { max: 12, windowMs: 3_600_000 }

export type Instance = {
  /** Its server name in HAProxy, e.g. `frame-a`. */
  name: string
  url: string
  /** Its stdout and stderr lines so far. */
  lines: string[]
  /** SIGKILL: no shutdown, as a crash or an OOM kill. Resolves once the process is gone. */
  kill(): Promise<void>
}

export type ScaleOutStack = Stack & {
  frames: [Instance, Instance]
  chainApis: [Instance, Instance]
  /** Only `name` of its backend gets requests (the other is in `maint`); `undefined` puts both back. */
  route(backend: 'frame' | 'chain', name: string | undefined): Promise<void>
}

/** A free port on 127.0.0.1 for HAProxy to bind (taken back at once: a tiny race, fine on a test machine). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

/** Sends one command to HAProxy's admin socket; rejects unless it answers with nothing (success). */
function adminCommand(socket: string, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const connection = createConnection(socket, () => connection.end(`${command}\n`))
    connection.on('data', (chunk) => {
      answer += chunk.toString()
    })
    connection.on('error', reject)
    connection.on('close', () =>
      answer.trim() === '' ? resolve() : reject(new Error(`haproxy: ${command}: ${answer.trim()}`)),
    )
  })
}

/** Starts `args` with `env`; resolves with the process once a stdout line matches `ready` (its first group). */
function startProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp | undefined,
  logFile: string | undefined,
): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const child = spawn(args[0] as string, args.slice(1), {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${name} did not start in 60 s:\n${lines.join('\n')}`))
    }, 60_000)
    const onLine = (line: string) => {
      lines.push(line)
      // Every line goes to the run's logs, for the canary (it looks for the tests' secrets in them).
      if (logFile) {
        let entry: Record<string, unknown>
        try {
          const parsed: unknown = JSON.parse(line)
          entry =
            typeof parsed === 'object' && parsed !== null
              ? { ...(parsed as Record<string, unknown>), source: name }
              : { source: name, text: line }
        } catch {
          entry = { source: name, text: line }
        }
        try {
          // The folder again each time, as artifacts.ts does: a run starting beside this one empties it.
          mkdirSync(dirname(logFile), { recursive: true })
          appendFileSync(logFile, `${JSON.stringify(entry)}\n`)
        } catch {
          // A line the logs miss must not take the test worker down (this runs in a stream's handler).
        }
      }
      const url = ready?.exec(line)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ child, url, lines })
      }
    }
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream?.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n')
        rest = parts.pop() ?? ''
        for (const part of parts) if (part.trim()) onLine(part)
      })
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${lines.join('\n')}`))
    })
    if (!ready) {
      clearTimeout(timer)
      resolve({ child, url: '', lines })
    }
  })
}

function instanceOf(name: string, started: { child: ChildProcess; url: string; lines: string[] }): Instance {
  const { child } = started
  return {
    name,
    url: started.url,
    lines: started.lines,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await gone
    },
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await gone
  clearTimeout(timer)
}

/** HAProxy's configuration: one frontend and one round-robin backend per server kind. */
function haproxyConfig(options: {
  socket: string
  frame: { port: number; servers: Instance[] }
  chain: { port: number; servers: Instance[] }
}): string {
  const proxied = (name: string, port: number, servers: Instance[]) => [
    `frontend ${name}`,
    `  bind 127.0.0.1:${port}`,
    `  default_backend ${name}`,
    `backend ${name}`,
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    `  http-response set-header X-Served-By %[srv_name]`,
    ...servers.map((s) => `  server ${s.name} ${new URL(s.url).host} check inter 500 fall 2 rise 2`),
  ]
  return [
    'global',
    `  stats socket ${options.socket} mode 600 level admin`,
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A request that cannot reach its server (refused: the process is gone) is tried again, on another one.
    '  retries 3',
    '  option redispatch 1',
    // The servers see the browser's address in X-Forwarded-For (TRUSTED_PROXY_HOPS=1) for their per-IP limits.
    '  option forwardfor',
    ...proxied('frame', options.frame.port, options.frame.servers),
    ...proxied('chain', options.chain.port, options.chain.servers),
    '',
  ].join('\n')
}

/**
 * Starts the scale-out stack; on a failed start, whatever started is stopped again.
 * @throws when TEST_DATABASE_URL is not set: this stack needs PostgreSQL (`scripts/postgres.sh`).
 */
export async function startScaleOut(options: { logFile?: string } = {}): Promise<ScaleOutStack> {
  const { logFile } = options
  const stops: (() => Promise<void>)[] = []
  const close = async () => {
    for (const stop of stops.toReversed()) await stop().catch(() => {})
  }
  try {
    const dir = mkdtempSync(join(tmpdir(), 'keyframe-scale-'))
    stops.push(async () => rmSync(dir, { recursive: true, force: true }))
    const database = await createPostgresDatabase()
    stops.push(database.drop)

    let frameUrl = ''
    let chains: DevChain[] = []
    let faucetUrl = ''
    let chainApiUrl = ''
    // The social providers' stand-in and the Farcaster relay are the Stack's too; the scale project keeps
    // those logins off.
    const [framePort, chainPort, mail, devChains, relay, oidc, farcasterRelay] = await Promise.all([
      freePort(),
      freePort(),
      startMailCatcher({ smtpPort: 0, httpPort: 0 }),
      startChains(),
      startRelay(),
      startOidc(),
      startFarcasterRelay(),
    ] as const)
    stops.push(mail.close, devChains.close, relay.close, oidc.close, farcasterRelay.close)
    const walletConnect = { relayUrl: relay.url }
    const dapp = await startStaticSite({
      root: dappDist,
      host: '127.0.0.1',
      port: 0,
      config: () => ({ projectId: PROJECT_ID, frameUrl, chains, faucetUrl, chainApiUrl, walletConnect }),
      name: 'dapp',
    })
    stops.push(dapp.close)
    chains = devChains.chains
    const faucet: Faucet = await startFaucet({ chains, allowedOrigins: [dapp.origin], port: 0 })
    stops.push(faucet.close)
    faucetUrl = faucet.url
    const frameOrigin = `http://localhost:${framePort}`
    frameUrl = `${frameOrigin}/frame`
    chainApiUrl = `http://127.0.0.1:${chainPort}`

    const projectsFile = join(dir, 'projects.json')
    writeFileSync(
      projectsFile,
      JSON.stringify({
        projects: [
          { id: PROJECT_ID, name: 'Scale', allowedOrigins: [dapp.origin], recoveryMode: 'passphrase' },
        ],
      }),
    )
    const frameChains = chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({
      id: chainId,
      name,
      rpcUrl,
      nativeCurrency,
    }))
    // What every instance of a kind must share: the database, the secrets, the projects and chains.
    const frameEnv = {
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: frameOrigin,
      DATABASE_URL: database.url,
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Scale <wallet@scale.example>',
      KEK: randomBytes(32).toString('base64'),
      OTP_PEPPER: randomBytes(32).toString('base64'),
      KEYFRAME_PROJECTS_FILE: projectsFile,
      CHAINS: JSON.stringify(frameChains),
      TRUSTED_PROXY_HOPS: '1',
      ACCESS_LOG: '1',
    }
    const chainEnv = {
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: chainApiUrl,
      DATABASE_URL: database.url,
      CHAINS: JSON.stringify(frameChains.slice(0, 1)),
      PROJECTS: JSON.stringify([
        { id: PROJECT_ID, allowedOrigins: [dapp.origin], rpcRateLimit: GATEWAY_LIMIT },
      ]),
      INDEXER_POLL_INTERVAL_MS: '100',
    }
    const node = process.execPath
    const frameMain = join(repoRoot, 'frame-app/dist/server/main.js')
    const chainMain = join(repoRoot, 'chain-api/dist/main.js')
    const FRAME_READY = /Keyframe frame server on (http:\/\/\S+)/
    const CHAIN_READY = /Keyframe chain-api on (http:\/\/\S+)/
    const started = await Promise.allSettled([
      startProcess('frame-a', [node, frameMain], frameEnv, FRAME_READY, logFile),
      startProcess('frame-b', [node, frameMain], frameEnv, FRAME_READY, logFile),
      startProcess('chain-a', [node, chainMain], chainEnv, CHAIN_READY, logFile),
      startProcess('chain-b', [node, chainMain], chainEnv, CHAIN_READY, logFile),
    ])
    for (const s of started) if (s.status === 'fulfilled') stops.push(() => stopProcess(s.value.child))
    const failed = started.find((s) => s.status === 'rejected')
    if (failed) throw failed.reason
    const [fa, fb, ca, cb] = started.map(
      (s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startProcess>>>).value,
    )
    const frames: [Instance, Instance] = [instanceOf('frame-a', fa!), instanceOf('frame-b', fb!)]
    const chainApis: [Instance, Instance] = [instanceOf('chain-a', ca!), instanceOf('chain-b', cb!)]

    const socket = join(dir, 'haproxy.sock')
    const config = join(dir, 'haproxy.cfg')
    writeFileSync(
      config,
      haproxyConfig({
        socket,
        frame: { port: framePort, servers: frames },
        chain: { port: chainPort, servers: chainApis },
      }),
    )
    // -db: in the foreground, so the process is ours to stop.
    const haproxy = await startProcess('haproxy', [HAPROXY, '-db', '-f', config], {}, undefined, logFile)
    stops.push(() => stopProcess(haproxy.child))
    await waitFor(
      async () => (await fetch(`${frameOrigin}/healthz`)).ok && (await fetch(`${chainApiUrl}/healthz`)).ok,
      'HAProxy to answer',
    ).catch((error: Error) => {
      throw new Error(`${error.message}; HAProxy said:\n${haproxy.lines.join('\n')}`)
    })

    return {
      dappUrl: dapp.url,
      dappOrigin: dapp.origin,
      frameUrl,
      frameOrigin,
      projectId: PROJECT_ID,
      secondDappUrl: undefined,
      secondDappOrigin: undefined,
      mail,
      chains,
      faucetUrl,
      chainApiUrl,
      relayUrl: relay.url,
      oidc: { url: oidc.url, issuers: oidc.issuers, clients: oidc.clients },
      farcasterRelayUrl: farcasterRelay.url,
      farcasterFids: DEV_FARCASTER_FIDS,
      addableChain: undefined,
      fund: (address) => fund(chains, address),
      frames,
      chainApis,
      route: async (backend, name) => {
        const servers = backend === 'frame' ? frames : chainApis
        const ready = servers.filter((server) => name === undefined || server.name === name)
        // The chosen one back first: never a moment with no server for the backend.
        for (const server of ready)
          await adminCommand(socket, `set server ${backend}/${server.name} state ready`)
        for (const server of servers)
          if (!ready.includes(server))
            await adminCommand(socket, `set server ${backend}/${server.name} state maint`)
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** Polls `check` until it is true (errors count as false) or 30 s have passed. */
export async function waitFor(check: () => Promise<boolean>, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
