import { describe, expect, test } from 'vitest'
import { createLogger, redact, scrub } from './logger.ts'

describe('logger', () => {
  test('default: JSON lines with level, message and fields', () => {
    const lines: string[] = []
    createLogger({ write: (l) => lines.push(l) }).info('hello', { path: '/api/session', count: 2 })
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 'info',
      message: 'hello',
      path: '/api/session',
      count: 2,
    })
  })

  test('behavior: secret-named fields are redacted at any depth', () => {
    expect(
      redact({
        otp: '123456',
        token: 'abc',
        nested: { authShare: 'x', kek: 'y', ok: 'fine', headers: { authorization: 'Bearer z', cookie: 'c' } },
        list: [{ passphrase: 'p' }],
      }),
    ).toEqual({
      otp: '[redacted]',
      token: '[redacted]',
      nested: {
        authShare: '[redacted]',
        kek: '[redacted]',
        ok: 'fine',
        headers: { authorization: '[redacted]', cookie: '[redacted]' },
      },
      list: [{ passphrase: '[redacted]' }],
    })
  })

  test('behavior: free text loses codes, tokens, long keys and URL credentials', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGZvb2JhcmJhenF1eHF1dXg'
    expect(scrub(`code 123456 for postgres://app:pw@db/x, Bearer ${token}, share ${token}`)).toBe(
      'code ****** for postgres://***@db/x, Bearer ***, share ***',
    )
    // Not numbers that are part of something else.
    expect(scrub('port 5433, v1.2.345678, 1234567')).toBe('port 5433, v1.2.345678, 1234567')
  })

  test('behavior: errors keep their name and a scrubbed message only', () => {
    const lines: string[] = []
    const error = new Error('otp 654321 rejected')
    createLogger({ write: (l) => lines.push(l) }).error('boom', { error })
    expect(JSON.parse(lines[0] as string).error).toEqual({ name: 'Error', message: 'otp ****** rejected' })
  })

  test('parameters: level', () => {
    const lines: string[] = []
    const logger = createLogger({ write: (l) => lines.push(l), level: 'warn' })
    logger.info('no')
    logger.warn('yes')
    expect(lines).toHaveLength(1)
  })
})
