import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { loadProjects, parseProjects, storedOriginProblems } from './config.ts'

const dir = mkdtempSync(join(tmpdir(), 'keyframe-projects-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe('parseProjects', () => {
  test('default: canonical origins, duplicates dropped', () => {
    expect(
      parseProjects([
        {
          id: 'dev',
          allowedOrigins: ['HTTP://127.0.0.1:5173/', 'http://127.0.0.1:5173', 'https://*.Example.com:443'],
        },
      ]),
    ).toEqual([
      {
        id: 'dev',
        name: 'dev',
        allowedOrigins: ['http://127.0.0.1:5173', 'https://*.example.com'],
        loginMethods: ['email'],
        recoveryMode: 'passphrase',
      },
    ])
  })

  test('error: names each invalid field', () => {
    expect(() =>
      parseProjects([
        { id: 'dev', allowedOrigins: ['*', 'https://ok.example'] },
        { id: 'other', allowedOrigins: ['https://a.example/path'] },
      ]),
    ).toThrowErrorMatchingInlineSnapshot(`
      [Error: Invalid projects config:
        projects.0.allowedOrigins.0: Invalid origin "*": "*" would allow every site; list exact origins
        projects.1.allowedOrigins.0: Invalid origin "https://a.example/path": expected an origin such as "https://app.example.com" or "https://*.example.com", with no path, query, fragment or credentials]
    `)
  })

  test('error: duplicate ids', () => {
    expect(() =>
      parseProjects([
        { id: 'dev', allowedOrigins: ['https://a.example'] },
        { id: 'dev', allowedOrigins: ['https://b.example'] },
      ]),
    ).toThrow('Project ids must be unique')
  })

  test('error: unknown keys and non-arrays', () => {
    expect(() => parseProjects([{ id: 'dev', allowedOrigins: ['https://a.example'], extra: 1 }])).toThrow(
      /Unrecognized key/,
    )
    expect(() => parseProjects({ dev: {} })).toThrowErrorMatchingInlineSnapshot(`
      [Error: Invalid projects config:
        projects: Expected array]
    `)
    expect(() => parseProjects([{ id: 'dev' }])).toThrowErrorMatchingInlineSnapshot(`
      [Error: Invalid projects config:
        projects.0.allowedOrigins: Expected array]
    `)
  })
})

describe('parseProjects settings', () => {
  test('parameters: name, loginMethods, recoveryMode', () => {
    expect(
      parseProjects([
        {
          id: 'acme',
          name: 'Acme Wallet',
          allowedOrigins: ['https://acme.example'],
          recoveryMode: 'operator',
          loginMethods: ['email', 'email'],
        },
      ]),
    ).toEqual([
      {
        id: 'acme',
        name: 'Acme Wallet',
        allowedOrigins: ['https://acme.example'],
        loginMethods: ['email'],
        recoveryMode: 'operator',
      },
    ])
  })

  test.each([
    [{ id: 'a', allowedOrigins: ['https://a.example'], recoveryMode: 'custodial' }, /recoveryMode/],
    [
      { id: 'a', allowedOrigins: ['https://a.example'], name: 'Evil\r\nBcc: x@y' },
      /projects.0.name: Expected 1-64 characters/,
    ],
    [{ id: 'a', allowedOrigins: ['https://a.example'], name: '' }, /projects.0.name/],
    [{ id: 'a', allowedOrigins: ['https://a.example'], loginMethods: ['password'] }, /loginMethods/],
    [{ id: 'a', allowedOrigins: [] }, /A project needs at least one allowed origin/],
    [{ id: 'bad id', allowedOrigins: ['https://a.example'] }, /projects.0.id/],
    [{ id: 'a', allowedOrigins: ['null'] }, /null/],
    [{ id: 'a', allowedOrigins: ['file:///tmp'] }, /file:/],
    [
      { id: 'a', allowedOrigins: ['http://127.0.0.1:5173', 'http://app.example'] },
      'projects.0.allowedOrigins.1: Invalid origin "http://app.example": only https: origins are allowed (http: only on loopback: localhost, 127.0.0.0/8, [::1])',
    ],
    [
      { id: 'a', allowedOrigins: ['https://*.github.io'] },
      'projects.0.allowedOrigins.0: Invalid origin "https://*.github.io": github.io is a public suffix, so the wildcard would allow every site under it; list exact origins',
    ],
    [{ id: 'a', allowedOrigins: ['https://*.co.uk'] }, /"https:\/\/\*\.co\.uk": co\.uk is a public suffix/],
  ])('error: %j', (project, message) => {
    expect(() => parseProjects([project])).toThrow(message)
  })

  test('behavior: the dev stack (http on loopback) and https wildcards under a registrable domain pass', () => {
    const origins = [
      'http://127.0.0.1:5173',
      'http://127.0.0.2:5173',
      'http://localhost:5173',
      'http://[::1]:5173',
      'https://*.acme.github.io',
      'https://*.example.co.uk',
    ]
    expect(parseProjects([{ id: 'a', allowedOrigins: origins }])[0]?.allowedOrigins).toEqual(origins)
  })
})

describe('loadProjects (import files)', () => {
  test('default: reads and validates a file', async () => {
    const path = file(
      'env.json',
      JSON.stringify({ projects: [{ id: 'prod', name: 'Prod', allowedOrigins: ['https://app.example'] }] }),
    )
    expect(await loadProjects(path)).toEqual([
      {
        id: 'prod',
        name: 'Prod',
        allowedOrigins: ['https://app.example'],
        loginMethods: ['email'],
        recoveryMode: 'passphrase',
      },
    ])
  })

  test('error: unreadable, not JSON, or invalid', async () => {
    await expect(loadProjects(join(dir, 'missing.json'))).rejects.toThrow(/Cannot read the projects file/)
    await expect(loadProjects(file('bad.json', '{'))).rejects.toThrow(/Cannot read the projects file/)
    await expect(loadProjects(file('none.json', '{}'))).rejects.toThrow(/Invalid projects config/)
    const http = file(
      'http.json',
      JSON.stringify({ projects: [{ id: 'p', allowedOrigins: ['http://app.example'] }] }),
    )
    await expect(loadProjects(http)).rejects.toThrow(
      `${http}: Invalid projects config:\n  projects.0.allowedOrigins.0: Invalid origin "http://app.example": only https:`,
    )
  })
})

describe('storedOriginProblems', () => {
  test('behavior: names each stored origin that the rules now refuse, with the command that replaces it', () => {
    expect(
      storedOriginProblems([
        {
          id: 'old',
          allowedOrigins: ['http://127.0.0.1:5173', 'http://app.old.example', 'https://*.github.io'],
        },
        { id: 'fine', allowedOrigins: ['https://app.fine.example'] },
      ]),
    ).toEqual([
      'old: Invalid origin "http://app.old.example": only https: origins are allowed (http: only on loopback: localhost, 127.0.0.0/8, [::1]) (replace it: `admin project set-origins old …`)',
      'old: Invalid origin "https://*.github.io": github.io is a public suffix, so the wildcard would allow every site under it; list exact origins (replace it: `admin project set-origins old …`)',
    ])
  })
})
