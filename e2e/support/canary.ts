/**
 * The canary's scan: every secret the tests recorded, looked for in every log line of the run.
 * @module
 */
import { join } from 'node:path'
import { OUTPUT_DIR, readJsonLines, type SecretKind, type SecretRecord } from './artifacts.ts'

export const SECRET_KINDS: readonly SecretKind[] = ['otp', 'passphrase', 'session-token']

/** How a secret may appear in a JSON log line: as it is, or JSON-escaped. A code must stand alone as a number. */
function finder(secret: SecretRecord): (line: string) => boolean {
  if (secret.kind === 'otp') {
    const pattern = new RegExp(`(?<!\\d)${secret.value.replace(/\D/g, '')}(?!\\d)`)
    return (line) => pattern.test(line)
  }
  const forms = [...new Set([secret.value, JSON.stringify(secret.value).slice(1, -1)])]
  return (line) => forms.some((form) => line.includes(form))
}

export type Scan = {
  /** Log lines per `source` (frame, mail, dapp, dapp2, browser). */
  sources: Record<string, number>
  /** Recorded secrets per kind. */
  kinds: Record<SecretKind, number>
  lines: number
  /** Each leak says where it is and whose secret it is, never the secret itself (a report is an output too). */
  leaks: string[]
}

/** Scans the run's `logs/` for the secrets in `secrets/` (both under `dir`, Playwright's output folder). */
export function scanRun(dir: string = OUTPUT_DIR): Scan {
  const lines = readJsonLines(join(dir, 'logs'))
  const secrets = readJsonLines(join(dir, 'secrets')).map(({ text }) => JSON.parse(text) as SecretRecord)
  const sources: Record<string, number> = {}
  for (const { text } of lines) {
    let source = 'unparsable'
    try {
      source = String((JSON.parse(text) as { source?: unknown }).source ?? 'unknown')
    } catch {}
    sources[source] = (sources[source] ?? 0) + 1
  }
  const kinds = Object.fromEntries(
    SECRET_KINDS.map((kind) => [kind, secrets.filter((s) => s.kind === kind).length]),
  ) as Record<SecretKind, number>
  const leaks: string[] = []
  for (const secret of secrets) {
    const found = finder(secret)
    for (const { file, line, text } of lines) {
      if (found(text)) leaks.push(`logs/${file}:${line} holds the ${secret.kind} of “${secret.test}”`)
    }
  }
  return { sources, kinds, lines: lines.length, leaks }
}
