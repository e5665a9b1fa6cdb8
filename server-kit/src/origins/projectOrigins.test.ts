import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { projectOriginCheck, projectOriginProblem } from './projectOrigins.ts'

describe('projectOriginProblem', () => {
  test('default: an https origin or wildcard under a registrable domain is fine', () => {
    for (const entry of [
      'https://app.example.com',
      'https://example.com:8443',
      'https://*.example.com',
      'https://*.example.co.uk',
      'https://*.acme.github.io',
      'https://*.dapp.test',
    ])
      expect(projectOriginProblem(entry), entry).toBeUndefined()
  })

  test('behavior: http on loopback stays allowed (the dev stack)', () => {
    for (const entry of [
      'http://127.0.0.1:5173',
      'http://127.0.0.2:5173',
      'http://127.255.0.9',
      'http://localhost:5173',
      'http://LOCALHOST',
      'http://[::1]:5173',
    ])
      expect(projectOriginProblem(entry), entry).toBeUndefined()
  })

  test('error: http anywhere else, naming the value', () => {
    expect(projectOriginProblem('http://app.example.com')).toBe(
      'Invalid origin "http://app.example.com": only https: origins are allowed (http: only on loopback: localhost, 127.0.0.0/8, [::1])',
    )
    for (const entry of [
      'http://*.example.com',
      'http://10.0.0.1:5173',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://[::2]',
      'http://[::ffff:127.0.0.1]',
    ])
      expect(projectOriginProblem(entry), entry).toMatch(/: only https: origins are allowed/)
  })

  test('error: a wildcard over a public suffix (ICANN or private), naming the suffix', () => {
    expect(projectOriginProblem('https://*.github.io')).toBe(
      'Invalid origin "https://*.github.io": github.io is a public suffix, so the wildcard would allow every site under it; list exact origins',
    )
    for (const [entry, suffix] of [
      ['https://*.co.uk', 'co.uk'],
      ['https://*.com', 'com'],
      ['https://*.vercel.app', 'vercel.app'],
      ['https://*.s3.amazonaws.com', 's3.amazonaws.com'],
      ['https://*.pages.dev:8443', 'pages.dev'],
      ['https://*.GitHub.IO', 'github.io'],
    ])
      expect(projectOriginProblem(entry as string), entry).toContain(`: ${suffix} is a public suffix`)
  })

  test('behavior: what the protocol refuses is left to it', () => {
    for (const entry of ['*', 'null', 'file:///tmp', 'not an origin', ''])
      expect(projectOriginProblem(entry), entry).toBeUndefined()
  })
})

describe('projectOriginCheck', () => {
  test('behavior: as a zod check, the issue carries the message', () => {
    const schema = z.array(z.string().check(projectOriginCheck))
    expect(schema.safeParse(['https://a.example.com', 'http://localhost:5173']).success).toBe(true)
    const parsed = schema.safeParse(['https://a.example.com', 'https://*.github.io'])
    expect(parsed.error?.issues).toMatchObject([
      { path: [1], message: expect.stringContaining('"https://*.github.io": github.io is a public suffix') },
    ])
  })
})

test('behavior: browser code (the frame web app, the SDK, the protocol) never imports the public suffix list', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url))
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
      return /(?<!\.test)\.ts$/.test(entry.name) ? [path] : []
    })
  const files = ['frame-app/web', 'parent-sdk/src', 'shared-protocol/src'].flatMap((dir) =>
    sources(join(root, dir)),
  )
  expect(files.length).toBeGreaterThan(100)
  const importers = files.filter((file) =>
    /(?:from|import)\s*\(?\s*['"](tldts|@keyframe\/server-kit)\b/.test(readFileSync(file, 'utf8')),
  )
  expect(importers).toEqual([])
})
