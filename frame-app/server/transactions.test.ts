/**
 * SECURITY.md §4: killing the server mid-login or mid-registration loses no account and leaves no
 * half-written state. The real server runs in a child process; `KEYFRAME_CRASH_AT` SIGKILLs it inside the
 * transaction; the database is then read directly and the flow completes after a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type MailCatcher, startMailCatcher } from '@keyframe/dev-fixtures'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CrashPoint } from './crashPoint.ts'
import { createDatabase } from './db/createDatabase.ts'
import { otpChallenges, sessions } from './db/schema/auth.ts'
import { authShares, recoveryShares } from './db/schema/shares.ts'
import { devices, users, wallets } from './db/schema/users.ts'
import { codeIn, deviceKey, deviceProofHeaders } from './testing/harness.ts'
import { type Backend, createPostgresDatabase, testBackends } from './testing/testDatabase.ts'
import { addressOfPublicKey } from './vault/evm.ts'

const frameApp = fileURLToPath(new URL('..', import.meta.url))
const secrets = {
  KEK: randomBytes(32).toString('base64'),
  OTP_PEPPER: randomBytes(32).toString('base64'),
  OPERATOR_RECOVERY_KEY: randomBytes(32).toString('base64'),
}

type Running = { url: string; child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> }

/** Starts `server/main.ts` as a deployment would, on a free port; resolves once it listens. */
function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: frameApp,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', ...secrets, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  )
  return new Promise((resolve, reject) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const url = /Keyframe frame server on (http:\/\/\S+)/.exec(out)?.[1]
      if (url) {
        child.stdout?.off('data', onData)
        resolve({ url, child, exited })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    void exited.then((how) => reject(new Error(`server exited (${String(how)}) before listening:\n${out}`)))
  })
}

describe.each(testBackends())(
  'a crash inside a transaction leaves nothing half-written (%s)',
  (backend: Backend) => {
    let mail: MailCatcher
    let dataDir: string
    let dbEnv: Record<string, string>
    let dropPostgres: (() => Promise<void>) | undefined
    let running: Running | undefined

    beforeAll(async () => {
      mail = await startMailCatcher()
      dataDir = mkdtempSync(join(tmpdir(), 'keyframe-crash-'))
      if (backend === 'postgres') {
        const created = await createPostgresDatabase()
        dbEnv = { DATABASE_URL: created.url }
        dropPostgres = created.drop
      } else dbEnv = { PGLITE_DIR: join(dataDir, 'pglite') }
    })
    afterAll(async () => {
      running?.child.kill('SIGKILL')
      await mail?.close()
      await dropPostgres?.()
      rmSync(dataDir, { recursive: true, force: true })
    })

    const boot = async (crashAt?: CrashPoint) => {
      running = await startServer({
        ...dbEnv,
        SMTP_URL: mail.smtpUrl,
        ...(crashAt && { KEYFRAME_CRASH_AT: crashAt }),
      })
      return running
    }
    /** A POST as the frame sends it: signed by `device` (with a nonce from the server) when given. */
    const post = async (server: Running, path: string, body: unknown, token?: string, device?: string) => {
      const text = JSON.stringify(body)
      let proof = {}
      if (device) {
        const issued = await fetch(`${server.url}/api/auth/nonce`, { method: 'POST' })
        const { nonce } = (await issued.json()) as { nonce: string }
        proof = deviceProofHeaders(device, { method: 'POST', path, body: text, nonce })
      }
      return fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token && { authorization: `Bearer ${token}` }),
          ...proof,
        },
        body: text,
      })
    }
    /** Sends a request that must kill the server: the connection drops and the process dies by SIGKILL. */
    const expectKilled = async (server: Running, request: Promise<Response>) => {
      await expect(request).rejects.toThrow()
      expect(await server.exited).toBe('SIGKILL')
    }
    /** Reads the rows of one e-mail address straight from the database (the server is down). */
    const rows = async (email: string) => {
      const database = await createDatabase(
        backend === 'postgres' ? { url: dbEnv.DATABASE_URL } : { dataDir: dbEnv.PGLITE_DIR },
      )
      try {
        const db = database.db
        const [user] = await db.select().from(users).where(eq(users.email, email))
        const userId = user?.id ?? '00000000-0000-0000-0000-000000000000'
        return {
          users: user ? 1 : 0,
          devices: (await db.select().from(devices).where(eq(devices.userId, userId))).length,
          sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
          wallets: (await db.select().from(wallets).where(eq(wallets.userId, userId))).length,
          authShares: (
            await db
              .select()
              .from(authShares)
              .innerJoin(devices, eq(devices.id, authShares.deviceId))
              .where(eq(devices.userId, userId))
          ).length,
          recoveryShares: (await db.select().from(recoveryShares).where(eq(recoveryShares.userId, userId)))
            .length,
          usedChallenges: (
            await db.select().from(otpChallenges).where(eq(otpChallenges.email, email))
          ).filter((c) => c.usedAt !== null).length,
        }
      } finally {
        await database.close()
      }
    }

    test('mid-login and mid-registration', async () => {
      const email = `crash-${backend}@example.com`
      const device = deviceKey()
      const login = { projectId: 'dev', email, devicePublicKey: device }

      // Mid-login, right after the user row was inserted.
      let server = await boot('login.user-created')
      expect((await post(server, '/api/auth/email/start', login)).status).toBe(200)
      const code = codeIn(await mail.waitFor(email))
      await expectKilled(
        server,
        post(server, '/api/auth/email/verify', { ...login, otp: code }, undefined, device),
      )
      expect(await rows(email)).toEqual({
        users: 0,
        devices: 0,
        sessions: 0,
        wallets: 0,
        authShares: 0,
        recoveryShares: 0,
        usedChallenges: 0,
      })

      // Mid-login again, after user, device and session were inserted: the same code still works after it.
      server = await boot('login.session-created')
      await expectKilled(
        server,
        post(server, '/api/auth/email/verify', { ...login, otp: code }, undefined, device),
      )
      expect(await rows(email)).toMatchObject({ users: 0, devices: 0, sessions: 0, usedChallenges: 0 })

      // The login completes after a restart; registration crashes after the wallet row.
      server = await boot('wallet.wallet-created')
      const verified = await post(
        server,
        '/api/auth/email/verify',
        { ...login, otp: code },
        undefined,
        device,
      )
      expect(verified.status).toBe(200)
      const { token } = (await verified.json()) as { token: string }
      const secretKey = secp256k1.utils.randomSecretKey()
      const publicKey = `0x${bytesToHex(secp256k1.getPublicKey(secretKey, true))}`
      const share = () => randomBytes(17).toString('base64url')
      const registration = {
        address: addressOfPublicKey(publicKey),
        publicKey,
        authShare: share(),
        recovery: {
          mode: 'passphrase',
          authShare: share(),
          recoveryBlob: { v: 1, kdf: 'scrypt', ciphertext: randomBytes(60).toString('base64url') },
        },
      }
      await expectKilled(server, post(server, '/api/wallet', registration, token, device))
      expect(await rows(email)).toEqual({
        users: 1,
        devices: 1,
        sessions: 1,
        wallets: 0,
        authShares: 0,
        recoveryShares: 0,
        usedChallenges: 1,
      })

      // …and after the shares were inserted, just before commit.
      server = await boot('wallet.shares-stored')
      await expectKilled(server, post(server, '/api/wallet', registration, token, device))
      expect(await rows(email)).toMatchObject({ users: 1, wallets: 0, authShares: 0, recoveryShares: 0 })

      // Nothing was lost: the session survives the restarts and registration completes.
      server = await boot()
      const done = await post(server, '/api/wallet', registration, token, device)
      expect(done.status).toBe(201)
      server.child.kill('SIGTERM')
      await server.exited
      expect(await rows(email)).toEqual({
        users: 1,
        devices: 1,
        sessions: 1,
        wallets: 1,
        authShares: 1,
        recoveryShares: 1,
        usedChallenges: 1,
      })
    }, 180_000)
  },
)
