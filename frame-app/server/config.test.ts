import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { DEFAULT_PROJECTS_FILE, loadProjects, parseProjects } from './config.ts'

const dir = mkdtempSync(join(tmpdir(), 'keyframe-projects-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => vi.unstubAllEnvs())

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
    ).toEqual([{ id: 'dev', allowedOrigins: ['http://127.0.0.1:5173', 'https://*.example.com'] }])
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

describe('loadProjects', () => {
  test('default: the dev file allows the demo dApp', async () => {
    expect(await loadProjects(DEFAULT_PROJECTS_FILE)).toEqual([
      { id: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] },
    ])
  })

  test('parameters: KEYFRAME_PROJECTS_FILE', async () => {
    const path = file(
      'env.json',
      JSON.stringify({ projects: [{ id: 'prod', allowedOrigins: ['https://app.example'] }] }),
    )
    vi.stubEnv('KEYFRAME_PROJECTS_FILE', path)
    expect(await loadProjects()).toEqual([{ id: 'prod', allowedOrigins: ['https://app.example'] }])
  })

  test('error: unreadable, not JSON, or invalid', async () => {
    await expect(loadProjects(join(dir, 'missing.json'))).rejects.toThrow(/Cannot read the projects file/)
    await expect(loadProjects(file('bad.json', '{'))).rejects.toThrow(/Cannot read the projects file/)
    await expect(loadProjects(file('none.json', '{}'))).rejects.toThrow(/Invalid projects config/)
  })
})
