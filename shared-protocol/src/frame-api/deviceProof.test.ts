import { createHash, createPublicKey, type JsonWebKey as NodeJwk, verify } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import {
  DEVICE_NONCE_HEADER,
  DEVICE_SIGNATURE_HEADER,
  deviceProofHeaders,
  deviceProofMessage,
} from './deviceProof.ts'

describe('deviceProofHeaders', () => {
  test('behavior: a WebCrypto device key signs the exact body sent; the signature checks as the server checks it, and not for another body', async () => {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
    const sign = async (message: Uint8Array<ArrayBuffer>) =>
      new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, message))
    const request = { method: 'POST', path: '/api/auth/email/verify', body: '{"otp":"123456"}', nonce: 'N' }
    const headers = await deviceProofHeaders(request, sign)
    expect(headers[DEVICE_NONCE_HEADER]).toBe('N')
    const signature = headers[DEVICE_SIGNATURE_HEADER] ?? ''
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/)

    const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as NodeJwk
    const key = createPublicKey({ key: jwk, format: 'jwk' })
    const checks = (body: string) =>
      verify(
        'sha256',
        deviceProofMessage({ ...request, bodySha256: createHash('sha256').update(body).digest() }),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      )
    expect(checks(request.body)).toBe(true)
    expect(checks('{"otp":"654321"}')).toBe(false)
  })
})
