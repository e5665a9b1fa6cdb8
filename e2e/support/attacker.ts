/**
 * An attacker with an HTTP client and no browser: it calls the frame server's API the way any script can
 * (Node's fetch, the frame's `Origin` written by hand, a P-256 device key of its own that signs its requests
 * as the frame does), against someone else's address. What it reads from the mailbox stands for a code it
 * phished or a mailbox it broke into.
 * @module
 */
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { Stack } from '@keyframe/devstack'
import {
  DEVICE_NONCE_HEADER,
  DEVICE_SIGNATURE_HEADER,
  deviceProofMessage,
} from '@keyframe/protocol/frame-api/deviceProof'

export type AttackerAnswer = { status: number; json: Record<string, unknown> & { code?: string } }

/** A P-256 key pair as the frame holds one: the public half raw (0x04 ‖ x ‖ y), base64url. */
function newDeviceKey(): { publicKey: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const raw = Buffer.concat([
    Buffer.of(4),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ])
  return { publicKey: raw.toString('base64url'), privateKey }
}

/** A wrong code for `code` (never equal to it). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/**
 * A new attacker client against `stack`'s frame server; each client is one device key and, once it has
 * verified a code, one session.
 */
export function attackerClient(stack: Stack) {
  let device = newDeviceKey()
  let token: string | undefined

  async function call(method: string, path: string, body?: unknown): Promise<AttackerAnswer> {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const headers: Record<string, string> = { origin: stack.frameOrigin }
    if (text !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    // Every request is signed by the attacker's own device key, as the frame signs its requests.
    const issued = await fetch(`${stack.frameOrigin}/api/auth/nonce`, { method: 'POST', headers })
    if (issued.ok) {
      const { nonce } = (await issued.json()) as { nonce: string }
      const message = deviceProofMessage({
        method,
        path,
        bodySha256: createHash('sha256')
          .update(text ?? '')
          .digest(),
        nonce,
      })
      headers[DEVICE_NONCE_HEADER] = nonce
      headers[DEVICE_SIGNATURE_HEADER] = sign('sha256', message, {
        key: device.privateKey,
        dsaEncoding: 'ieee-p1363',
      }).toString('base64url')
    }
    const res = await fetch(`${stack.frameOrigin}${path}`, {
      method,
      headers,
      ...(text !== undefined && { body: text }),
    })
    const json = (await res.json().catch(() => ({}))) as AttackerAnswer['json']
    return { status: res.status, json }
  }

  return {
    call,
    /** Asks a login code for `email` from a new device key (anonymous, as anyone can). */
    async start(email: string) {
      device = newDeviceKey()
      return call('POST', '/api/auth/email/start', {
        projectId: stack.projectId,
        email,
        devicePublicKey: device.publicKey,
      })
    },
    /** Checks a code for `email` with the current device key; a right one gives this client a session. */
    async verify(email: string, otp: string) {
      const answer = await call('POST', '/api/auth/email/verify', {
        projectId: stack.projectId,
        email,
        devicePublicKey: device.publicKey,
        otp,
      })
      if (typeof answer.json.token === 'string') token = answer.json.token
      return answer
    },
  }
}
