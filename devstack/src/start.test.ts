import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const start = fileURLToPath(new URL('./start.ts', import.meta.url))

/** `npm start -- …args` as npm runs it after setup: the arguments are appended to the node command. */
function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', start, ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
    )
  })
}

// The valid origins reaching the dev project are startStack.test.ts's (`extraOrigins`); here, that the
// script reads its arguments and KEYFRAME_ORIGINS, and stops before starting anything on a bad one.
test('error: npm start -- --origin <not an origin>, or KEYFRAME_ORIGINS, exits 1 naming the value', {
  timeout: 90_000,
}, async () => {
  const [flag, env] = await Promise.all([
    run(['--origin', 'http://localhost:3000', '--origin', 'localhost:3000']),
    run([], { KEYFRAME_ORIGINS: 'http://localhost:3000,http://localhost:3000/app' }),
  ])
  expect(flag).toEqual({
    code: 1,
    stderr:
      'npm start: --origin "localhost:3000" is not an origin: expected scheme://host[:port] with nothing after, e.g. http://localhost:3000\n',
  })
  expect(env).toEqual({
    code: 1,
    stderr:
      'npm start: KEYFRAME_ORIGINS "http://localhost:3000/app" is not an origin: expected scheme://host[:port] with nothing after, e.g. http://localhost:3000\n',
  })
})
