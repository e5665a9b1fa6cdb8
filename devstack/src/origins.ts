/**
 * The origins `npm start` adds to the dev project, so a developer's own dApp (e.g. on
 * http://localhost:3000) may embed the frame and call the faucet and chain-api: `--origin <origin>`
 * (repeatable) and `KEYFRAME_ORIGINS` (comma-separated).
 * @module
 */
import { parseArgs } from 'node:util'

/** An origin as the frame server stores it: scheme, host and port, nothing after. Throws on anything else. */
function toOrigin(value: string, from: string): string {
  const problem = `${from} ${JSON.stringify(value)} is not an origin: expected scheme://host[:port] with nothing after, e.g. http://localhost:3000`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(problem)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(problem)
  // `new URL` accepts a path, a query, credentials; an origin has none of them (one trailing slash aside).
  if (value.replace(/\/$/, '') !== url.origin) throw new Error(problem)
  return url.origin
}

/**
 * The origins named by `--origin` in `args` and by `env` (`KEYFRAME_ORIGINS`, comma-separated), in that
 * order, duplicates dropped.
 * @throws Error naming the value that is not an http(s) origin, or an unknown option.
 * @example
 * parseOrigins(['--origin', 'http://localhost:3000'], 'https://app.example') // ['http://localhost:3000', 'https://app.example']
 */
export function parseOrigins(args: readonly string[], env: string | undefined): string[] {
  const { values } = parseArgs({
    args: [...args],
    options: { origin: { type: 'string', multiple: true } },
    strict: true,
    allowPositionals: false,
  })
  const fromArgs = (values.origin ?? []).map((value) => toOrigin(value, '--origin'))
  const fromEnv = (env ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map((value) => toOrigin(value, 'KEYFRAME_ORIGINS'))
  return [...new Set([...fromArgs, ...fromEnv])]
}
