import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { runAdmin } from './cli.ts'

const dir = mkdtempSync(join(tmpdir(), 'keyframe-admin-'))
const env = { PGLITE_DIR: join(dir, 'pglite') }
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('default: project add | list | set-origins | import on a PGlite folder', async () => {
  expect(await runAdmin(['project', 'list'], env)).toBe('No projects.')
  expect(
    await runAdmin(
      [
        'project',
        'add',
        'acme',
        '--origin',
        'https://app.acme.example',
        '--name',
        'Acme',
        '--recovery',
        'operator',
      ],
      env,
    ),
  ).toBe('Added acme: https://app.acme.example (recovery operator)')
  expect(
    await runAdmin(
      ['project', 'set-origins', 'acme', 'https://a.acme.example', 'https://b.acme.example/'],
      env,
    ),
  ).toBe('acme now allows https://a.acme.example https://b.acme.example')
  const file = join(dir, 'projects.json')
  writeFileSync(
    file,
    JSON.stringify({ projects: [{ id: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] }] }),
  )
  expect(await runAdmin(['project', 'import', file], env)).toBe('Imported dev')
  const socials = join(dir, 'socials.json')
  writeFileSync(socials, JSON.stringify({ discord: { clientId: 'd-id', clientSecret: 'd-secret' } }))
  expect(await runAdmin(['project', 'set-socials', 'acme', socials], env)).toBe(
    'acme now logs in with discord',
  )
  expect(await runAdmin(['project', 'set-socials', 'acme', socials], env)).toBe(
    'acme now logs in with discord',
  )
  writeFileSync(socials, '{}')
  expect(await runAdmin(['project', 'set-socials', 'acme', socials], env)).toBe('acme has no social login')
  expect(await runAdmin(['project', 'list'], env)).toMatchInlineSnapshot(`
    "acme  "Acme"  recovery=operator  login=email
      https://a.acme.example
      https://b.acme.example
    dev  "dev"  recovery=passphrase  login=email
      http://127.0.0.1:5173"
  `)
}, 60_000)

test('error: misuse prints the usage; invalid origins are named', async () => {
  await expect(runAdmin(['nope'], env)).rejects.toThrow(/^Usage:/)
  await expect(runAdmin(['project', 'add', 'x', '--origin', '*'], env)).rejects.toThrow(/Invalid origin "\*"/)
  await expect(runAdmin(['project', 'add', 'x', '--origin', 'http://app.example'], env)).rejects.toThrow(
    'Invalid origin "http://app.example": only https: origins are allowed',
  )
  await expect(runAdmin(['project', 'set-origins', 'dev', 'https://*.github.io'], env)).rejects.toThrow(
    'Invalid origin "https://*.github.io": github.io is a public suffix',
  )
  await expect(runAdmin(['project', 'set-origins', 'missing', 'https://a.example'], env)).rejects.toThrow(
    'No project "missing"',
  )
}, 60_000)
