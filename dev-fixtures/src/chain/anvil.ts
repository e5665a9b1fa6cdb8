/**
 * A local EVM node: the anvil binary shipped in `@foundry-rs/anvil`, one process per chain.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import type { StackLogger } from '../stackLogger.ts'

export type StartAnvilOptions = {
  chainId: number
  /** Port on 127.0.0.1 (0 = any free port). */
  port?: number
  /**
   * Receives anvil's output after start-up, one line each (`anvil <chainId>: …`; stderr as warnings). The
   * start-up banner is not logged: it is always the same and lists the well-known dev keys. Default: dropped.
   */
  logger?: StackLogger
  /** Default 10 000 ms. */
  timeoutMs?: number
  /** The EVM hardfork (anvil's `--hardfork`), e.g. `berlin` for a chain without a base fee. Default: latest. */
  hardfork?: string
}

export type Anvil = {
  /** `http://127.0.0.1:PORT` */
  rpcUrl: string
  chainId: number
  close(): Promise<void>
}

const require = createRequire(import.meta.url)

/**
 * Runs anvil (`$0`, args `$@`) under a shell that stops it once its stdin closes: by `close()`, or by the
 * kernel when this Node process ends in any way, even killed. So no anvil outlives the stack and keeps its
 * port taken. The shell exits with anvil's status.
 */
const WATCHDOG =
  'exec 3<&0; "$0" "$@" <&- & anvil=$!; { read -r _ <&3; kill $anvil 2>/dev/null; } & watch=$!; ' +
  'wait $anvil; code=$?; kill $watch 2>/dev/null; exit $code'

/**
 * Starts anvil on 127.0.0.1 with anvil's 10 funded dev accounts (mnemonic `test test … junk`). Resolves
 * once it listens. It is stopped by `close()`, or when this Node process ends.
 * @throws Error when anvil exits or does not listen within `timeoutMs`.
 */
export async function startAnvil(options: StartAnvilOptions): Promise<Anvil> {
  const { chainId, logger, timeoutMs = 10_000 } = options
  const binary = require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil')
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      WATCHDOG,
      binary,
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port ?? 0),
      '--chain-id',
      String(chainId),
      '--color',
      'never',
      ...(options.hardfork ? ['--hardfork', options.hardfork] : []),
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  // stdin is the watchdog's only: a close that races the shell's own exit must not throw (EPIPE).
  child.stdin!.on('error', () => {})
  const source = `anvil ${chainId}`
  // Both streams are always read: a full pipe would block anvil.
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (line.trim()) logger?.warn(`${source}: ${line.trim()}`)
  })
  const lines = createInterface({ input: child.stdout! })

  let port: number
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`anvil (chain ${chainId}) did not listen within ${timeoutMs} ms`)),
        timeoutMs,
      )
      const settle = () => clearTimeout(timer)
      child.once('error', (error) => {
        settle()
        reject(error)
      })
      child.once('exit', (code, signal) => {
        settle()
        logger?.info(`${source}: exited`, { code, signal })
        reject(new Error(`anvil (chain ${chainId}) exited before listening (${signal ?? `code ${code}`})`))
      })
      let listening = false
      lines.on('line', (line) => {
        if (listening) {
          if (line.trim()) logger?.info(`${source}: ${line.trim()}`)
          return
        }
        const match = /^Listening on [\d.]+:(\d+)/.exec(line)
        if (!match) return
        listening = true
        settle()
        resolve(Number(match[1]))
      })
    })
  } catch (error) {
    await stop(child)
    throw error
  }

  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    chainId,
    close: () => stop(child),
  }
}

/** Closes the watchdog's stdin (it sends anvil SIGTERM) and waits for both to exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.stdin!.end()
  await exited
}
