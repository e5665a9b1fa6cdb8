/**
 * What a run leaves for the canary (`e2e/canary`): every log line of every stack and browser, and every
 * secret the tests saw. Both live in `e2e/.artifacts/`, emptied by the global setup when a run starts and
 * left alone by Playwright (it prunes its own output folder while a run goes on).
 * @module
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext } from '@playwright/test'

/** The run's artifacts folder (see the module doc). */
export const OUTPUT_DIR = fileURLToPath(new URL('../.artifacts/', import.meta.url))
export const LOGS_DIR = join(OUTPUT_DIR, 'logs')
export const SECRETS_DIR = join(OUTPUT_DIR, 'secrets')

/** The stack log of a worker (`name` tells a test's own extra stack apart). */
export function stackLogFile(workerIndex: number, name?: string): string {
  return join(LOGS_DIR, name ? `${workerIndex}.${name}.jsonl` : `${workerIndex}.jsonl`)
}

function appendLine(dir: string, file: string, entry: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true })
  appendFileSync(join(dir, file), `${JSON.stringify(entry)}\n`)
}

/** The kinds of secret the tests record. */
export type SecretKind = 'otp' | 'passphrase' | 'session-token'
export type SecretRecord = { kind: SecretKind; value: string; test: string }

/** Records a secret a test saw, for the canary to look for in every log line. */
export function recordSecret(workerIndex: number, test: string, kind: SecretKind, value: string) {
  if (!value) throw new Error(`recordSecret: empty ${kind}`)
  appendLine(SECRETS_DIR, `${workerIndex}.jsonl`, { kind, value, test } satisfies SecretRecord)
}

/**
 * Writes every console message and uncaught error of the context's pages and frames (the dApp's and the
 * frame's) to `logs/<worker>.browser.jsonl`.
 */
export function captureBrowserLogs(context: BrowserContext, workerIndex: number, test: string) {
  const file = `${workerIndex}.browser.jsonl`
  context.on('console', (message) => {
    appendLine(LOGS_DIR, file, {
      source: 'browser',
      test,
      at: new Date().toISOString(),
      type: message.type(),
      text: message.text(),
      url: message.location().url,
    })
  })
  context.on('weberror', (error) => {
    const { name, message, stack } = error.error()
    appendLine(LOGS_DIR, file, {
      source: 'browser',
      test,
      at: new Date().toISOString(),
      type: 'pageerror',
      text: `${name}: ${message}`,
      stack: stack ?? null,
    })
  })
}

/** Every non-empty line of every file in `dir` (none when it does not exist), with where it came from. */
export function readJsonLines(dir: string): { file: string; line: number; text: string }[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .map((text, i) => ({ file: name, line: i + 1, text }))
        .filter(({ text }) => text.trim() !== ''),
    )
}
