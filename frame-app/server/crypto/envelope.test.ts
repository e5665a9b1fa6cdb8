import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { EnvelopeError, envelopeKeyId, openEnvelope, sealEnvelope } from './envelope.ts'

const kek = { id: 'kek-1', key: randomBytes(32) }
const share = randomBytes(33)

describe('envelope', () => {
  test('default: seal then open, with a fresh data key and IV each time', () => {
    const a = sealEnvelope(kek, share, 'auth_share|w|d')
    const b = sealEnvelope(kek, share, 'auth_share|w|d')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^v1\.kek-1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
    expect(envelopeKeyId(a)).toBe('kek-1')
    expect(openEnvelope(kek, a, 'auth_share|w|d').equals(share)).toBe(true)
    expect(a).not.toContain(share.toString('base64url'))
  })

  test('error: another context (a share moved to another row) does not open', () => {
    const sealed = sealEnvelope(kek, share, 'auth_share|w|d1')
    expect(() => openEnvelope(kek, sealed, 'auth_share|w|d2')).toThrow(EnvelopeError)
  })

  test('error: another key, another key id, any altered byte', () => {
    const sealed = sealEnvelope(kek, share, 'c')
    expect(() => openEnvelope({ id: 'kek-1', key: randomBytes(32) }, sealed, 'c')).toThrow(
      'Envelope authentication failed',
    )
    expect(() => openEnvelope({ id: 'kek-2', key: kek.key }, sealed, 'c')).toThrow(
      'Envelope sealed under key "kek-1", not "kek-2"',
    )
    const parts = sealed.split('.')
    for (let i = 2; i < 6; i++) {
      const bytes = Buffer.from(parts[i] as string, 'base64url')
      bytes[0] = (bytes[0] as number) ^ 1
      const tampered = [...parts.slice(0, i), bytes.toString('base64url'), ...parts.slice(i + 1)].join('.')
      expect(() => openEnvelope(kek, tampered, 'c')).toThrow(EnvelopeError)
    }
    expect(() => openEnvelope(kek, 'v2.kek-1.a.b.c.d', 'c')).toThrow('Malformed envelope')
    expect(() => openEnvelope(kek, 'garbage', 'c')).toThrow('Malformed envelope')
  })
})
