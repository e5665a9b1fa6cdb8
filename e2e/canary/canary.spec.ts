/**
 * The canary: runs after every other e2e test (project `canary`, see playwright.config.ts) and looks for
 * every secret those tests saw — the codes read from the mails, the passphrases typed into the frame, the
 * session tokens the frame kept — in every log line of the run: each stack's (frame server, mail catcher,
 * dApp sites) and each browser's (console messages and errors of every page and frame). One hit fails it.
 * So does an empty run (no secret of some kind, or no log line): it never passes for having seen nothing.
 */
import { expect, test } from '@playwright/test'
import { SECRET_KINDS, scanRun } from '../support/canary.ts'

test('canary: no log line of the whole e2e run holds an OTP, a passphrase or a session token', () => {
  const scan = scanRun()
  const { annotations } = test.info()
  annotations.push(
    { type: 'log lines', description: JSON.stringify(scan.sources) },
    { type: 'secrets', description: JSON.stringify(scan.kinds) },
  )

  expect(scan.lines, 'log lines of the run').toBeGreaterThan(0)
  // Both ends were captured: the stacks (the dApp sites log every request) and the browsers.
  expect(scan.sources.dapp ?? 0, 'stack log lines').toBeGreaterThan(0)
  expect(scan.sources.browser ?? 0, 'browser log lines').toBeGreaterThan(0)
  for (const kind of SECRET_KINDS) expect(scan.kinds[kind], `recorded secrets: ${kind}`).toBeGreaterThan(0)

  expect(scan.leaks, 'log lines that hold a secret').toEqual([])
})
