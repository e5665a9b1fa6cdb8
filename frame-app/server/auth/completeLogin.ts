/**
 * The end of a login (OTP verified, a device approval collected, a provider's login redeemed): user, identity,
 * device and session are written in ONE transaction — the caller's — so a crash leaves either all of them or
 * none. Which user a provider's account joins: `social/FLOW.md`.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import { compileStatement, columnName as name } from '@keyframe/server-kit'
import { and, asc, eq, gt, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { AuditAction } from '../audit.ts'
import type { ServerContext } from '../context.ts'
import { generateSessionToken, hashSessionToken } from '../crypto/tokens.ts'
import type { Db } from '../db/createDatabase.ts'
import { sessions } from '../db/schema/auth.ts'
import { auditLog } from '../db/schema/limits.ts'
import type { RecoveryMode } from '../db/schema/projects.ts'
import { authShares, recoveryShares } from '../db/schema/shares.ts'
import { identities } from '../db/schema/social.ts'
import { devices, users, wallets } from '../db/schema/users.ts'
import { normalizeEmail } from './challenges.ts'

export type WalletView = { id: string; address: string; publicKey: string; solanaAddress: string | null }

/**
 * Who logged in: the owner of an e-mail address (normalized; proven by a code), or an account at a provider
 * (a social provider, or Farcaster with the fid as `subject`) with what the provider says about its address.
 */
export type LoginWho =
  | { email: string }
  | {
      provider: LoginProvider
      subject: string
      username: string | null
      email: string | null
      /** The provider says the address is verified: only then does the login join that address's user. */
      emailVerified: boolean
    }

export type LoginOutcome =
  | {
      ok: true
      userId: string
      /** The account's address; null for an account that never proved one. */
      email: string | null
      /** The provider's username and the provider of this login; null for an e-mail login. */
      userName: string | null
      socialProvider: LoginProvider | null
      created: boolean
      session: { id: string; token: string; expiresAt: Date }
      device: { id: string; isNew: boolean; hasAuthShare: boolean }
      wallet: WalletView | null
      /** The user's recovery mode if they have a wallet, else the project's (for the wallet about to be made). */
      recoveryMode: RecoveryMode
    }
  | { ok: false; reason: 'too_many_devices'; retryAfterMs: number }

/** The user's wallet, or null. */
export async function walletOf(db: Db, userId: string): Promise<WalletView | null> {
  const [wallet] = await db
    .select({
      id: wallets.id,
      address: wallets.address,
      publicKey: wallets.publicKey,
      solanaAddress: wallets.solanaAddress,
    })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  return wallet ?? null
}

/**
 * Creates the user on first login, verifies the device (≤ N new devices per rolling day) and opens a session.
 * Must run inside a transaction.
 *
 * This is the hot path of every login, so it is written in few round trips: a first login (no user yet) is
 * ONE statement that inserts user, device, session and audit rows together; a returning user costs a few
 * more (lock the user, look the device up, write, read wallet and shares).
 */
export async function completeLogin(
  tx: Db,
  ctx: ServerContext,
  parameters: {
    who: LoginWho
    projectId: string
    projectRecoveryMode: RecoveryMode
    devicePublicKey: string
    /** `login` (OTP) or `device` (VERIFY_DEVICE approval): names the crash points. */
    via: 'login' | 'device'
    /** A session this one replaces (VERIFY_DEVICE): revoked. */
    replaces?: string
  },
): Promise<LoginOutcome> {
  const now = ctx.now()
  const session = newSession(ctx, now)
  const deviceId = randomUUID()
  const verified = parameters.via === 'login' ? 'device.verified' : 'device.approved'
  const sessionCreated = parameters.via === 'login' ? 'login.session-created' : 'device.session-created'
  const { who } = parameters
  if ('provider' in who) {
    const account = await providerUser(tx, who, now)
    if (account.created) ctx.crash('login.user-created')
    return returningLogin(tx, ctx, parameters, {
      ...account,
      user: eq(users.id, account.userId),
      userName: who.username,
      socialProvider: who.provider,
      session,
      deviceId,
    })
  }

  // A new user has no device, wallet or share yet: everything is written in one statement, unless the
  // address already has a user (then nothing is written here and the path below runs). With a limit of 0
  // new devices a day even a first device is refused, so that (tests only) takes the path below too.
  const userId = randomUUID()
  const [row] = await firstLogin<{ created: number; done: number }>(tx, {
    userId,
    email: who.email,
    at: now.toISOString(),
    deviceId,
    publicKey: parameters.devicePublicKey,
    projectId: parameters.projectId,
    fresh: ctx.limits.deviceVerificationsPerDay > 0,
    sessionId: session.id,
    tokenHash: session.tokenHash,
    expiresAt: session.expiresAt.toISOString(),
    verified,
  })
  const created = row?.created === 1
  if (created) ctx.crash('login.user-created')
  if (created && row?.done === 1) {
    ctx.crash(sessionCreated)
    return {
      ok: true,
      userId,
      email: who.email,
      userName: null,
      socialProvider: null,
      created,
      session: { id: session.id, token: session.token, expiresAt: session.expiresAt },
      device: { id: deviceId, isNew: true, hasAuthShare: false },
      wallet: null,
      recoveryMode: parameters.projectRecoveryMode,
    }
  }
  return returningLogin(tx, ctx, parameters, {
    user: eq(users.email, who.email),
    email: who.email,
    identityId: null,
    created,
    userName: null,
    socialProvider: null,
    session,
    deviceId,
  })
}

/**
 * The user of a provider's account: the one its identity row names; on the account's first login the user of
 * its address when the provider says the address is verified (created with it if none), else a new user
 * without an address. The identity's username follows the provider's.
 */
async function providerUser(
  tx: Db,
  who: Extract<LoginWho, { provider: LoginProvider }>,
  now: Date,
): Promise<{ userId: string; email: string | null; identityId: string; created: boolean }> {
  const known = await identityOf(tx, who)
  if (known) {
    await tx
      .update(identities)
      .set({ username: who.username, lastLoginAt: now })
      .where(eq(identities.id, known.identityId))
    return { ...known, created: false }
  }
  const email = who.emailVerified && who.email ? normalizeEmail(who.email) : null
  const [inserted] = await tx
    .insert(users)
    .values({ id: randomUUID(), email, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id })
  const [owner] = inserted
    ? [inserted]
    : await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email ?? ''))
  if (!owner) throw new Error('The user row vanished inside its transaction')
  const identityId = randomUUID()
  const [identity] = await tx
    .insert(identities)
    .values({
      id: identityId,
      provider: who.provider,
      subject: who.subject,
      userId: owner.id,
      username: who.username,
      createdAt: now,
      lastLoginAt: now,
    })
    .onConflictDoNothing({ target: [identities.provider, identities.subject] })
    .returning({ id: identities.id })
  if (identity) return { userId: owner.id, email, identityId, created: inserted !== undefined }
  // The same account's first login ran at the same time and won: use its user, drop the one made here.
  if (inserted) await tx.delete(users).where(eq(users.id, inserted.id))
  const winner = await identityOf(tx, who)
  if (!winner) throw new Error('The identity row vanished inside its transaction')
  return { ...winner, created: false }
}

async function identityOf(
  tx: Db,
  who: { provider: LoginProvider; subject: string },
): Promise<{ userId: string; email: string | null; identityId: string } | undefined> {
  const [row] = await tx
    .select({ identityId: identities.id, userId: identities.userId, email: users.email })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, who.provider), eq(identities.subject, who.subject)))
  return row
}

/** The login of an existing user (or one just created without a device): device, session, wallet. */
async function returningLogin(
  tx: Db,
  ctx: ServerContext,
  parameters: Parameters<typeof completeLogin>[2],
  account: {
    /** Selects the user row. */
    user: SQL
    email: string | null
    identityId: string | null
    created: boolean
    userName: string | null
    socialProvider: LoginProvider | null
    session: ReturnType<typeof newSession>
    deviceId: string
  },
): Promise<LoginOutcome> {
  const { session, deviceId, created } = account
  const now = ctx.now()
  const at = sql`${now.toISOString()}::timestamptz`
  const verified = parameters.via === 'login' ? 'device.verified' : 'device.approved'
  const sessionCreated = parameters.via === 'login' ? 'login.session-created' : 'device.session-created'

  // Lock the user row: device counting and creation for one account run one at a time.
  const [user] = await tx.select({ id: users.id }).from(users).where(account.user).for('update')
  if (!user) throw new Error('The user row vanished inside its transaction')

  const [known] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.userId, user.id),
        eq(devices.publicKey, parameters.devicePublicKey),
        isNull(devices.revokedAt),
      ),
    )
  if (!known) {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000)
    const recent = await tx
      .select({ verifiedAt: devices.verifiedAt })
      .from(devices)
      .where(and(eq(devices.userId, user.id), gt(devices.verifiedAt, dayAgo)))
      .orderBy(asc(devices.verifiedAt))
    if (recent.length >= ctx.limits.deviceVerificationsPerDay) {
      const oldest =
        recent[recent.length - ctx.limits.deviceVerificationsPerDay]?.verifiedAt?.getTime() ?? now.getTime()
      return {
        ok: false,
        reason: 'too_many_devices',
        retryAfterMs: oldest + 24 * 60 * 60_000 - now.getTime(),
      }
    }
  }
  const device = known?.id ?? deviceId

  // Device (when new), session and audit rows in one statement.
  const entries: AuditEntry[] = [
    ...(created ? [['user.created', null] as AuditEntry] : []),
    ...(known ? [] : [[verified, device] as AuditEntry]),
    ['login', device],
  ]
  const newDevice = known
    ? sql`select 1`
    : sql`insert into ${devices} (${deviceColumns})
        values (${device}::uuid, ${user.id}::uuid, ${parameters.devicePublicKey}, ${parameters.projectId}, ${at}, ${at})`
  await tx.execute(sql`
    with new_device as (${newDevice}), new_session as (
      ${insertSession({
        id: sql`${session.id}::uuid`,
        userId: sql`${user.id}::uuid`,
        projectId: parameters.projectId,
        deviceId: sql`${device}::uuid`,
        tokenHash: session.tokenHash,
        identityId: account.identityId === null ? sql`null` : sql`${account.identityId}::uuid`,
        at,
        expiresAt: sql`${session.expiresAt.toISOString()}::timestamptz`,
      })}
    )
    ${insertAudit(sql`${user.id}::uuid`, parameters.projectId, entries, at)}
  `)
  if (parameters.replaces)
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, parameters.replaces))
  ctx.crash(sessionCreated)

  // Wallet, this device's auth share and the recovery mode, in one read.
  const [extra] = await tx
    .select({
      walletId: wallets.id,
      address: wallets.address,
      publicKey: wallets.publicKey,
      solanaAddress: wallets.solanaAddress,
      hasAuthShare: sql<boolean>`exists (select 1 from ${authShares} where ${authShares.deviceId} = ${device}::uuid)`,
      recoveryMode: sql<RecoveryMode | null>`(select ${recoveryShares.mode} from ${recoveryShares} where ${recoveryShares.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, user.id))
  return {
    ok: true,
    userId: user.id,
    email: account.email,
    userName: account.userName,
    socialProvider: account.socialProvider,
    created,
    session: { id: session.id, token: session.token, expiresAt: session.expiresAt },
    device: { id: device, isNew: !known, hasAuthShare: extra?.hasAuthShare === true },
    wallet:
      extra?.walletId && extra.address && extra.publicKey
        ? {
            id: extra.walletId,
            address: extra.address,
            publicKey: extra.publicKey,
            solanaAddress: extra.solanaAddress ?? null,
          }
        : null,
    recoveryMode: extra?.recoveryMode ?? parameters.projectRecoveryMode,
  }
}

/** An audit row: the action (a literal in SQL where the statement is compiled) and its device. */
type AuditEntry = [action: AuditAction | SQL | Placeholder, deviceId: string | Placeholder | null]

/** A new session's values; only SHA-256 of the token is stored (as `createSession` does). */
function newSession(ctx: ServerContext, now: Date) {
  const token = generateSessionToken()
  return {
    id: randomUUID(),
    token,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(now.getTime() + ctx.limits.sessionTtlMs),
  }
}

/** A value or an SQL expression in a raw statement. */
type Value = SQL | Placeholder | string

/** `insert into sessions … select …` of one session, if `when` holds. */
function insertSession(
  values: Record<'id' | 'userId' | 'projectId' | 'deviceId' | 'tokenHash' | 'at' | 'expiresAt', Value> & {
    identityId?: Value
  },
  when: SQL = sql`true`,
): SQL {
  const columns = [
    sessions.id,
    sessions.userId,
    sessions.projectId,
    sessions.deviceId,
    sessions.tokenHash,
    sessions.identityId,
    sessions.createdAt,
    sessions.lastFactorAt,
    sessions.expiresAt,
  ]
  const v = values
  return sql`insert into ${sessions} (${sql.join(columns.map(name), sql`, `)})
    select ${v.id}, ${v.userId}, ${v.projectId}, ${v.deviceId}, ${v.tokenHash}, ${v.identityId ?? sql`null::uuid`}, ${v.at}, ${v.at}, ${v.expiresAt}
    where ${when}`
}

/** `insert into audit_log … select …` of the entries, in order, if `when` holds. */
function insertAudit(
  userId: Value,
  projectId: Value,
  entries: AuditEntry[],
  at: Value,
  when = sql`true`,
): SQL {
  const columns = [auditLog.action, auditLog.userId, auditLog.deviceId, auditLog.projectId, auditLog.at]
  const rows = entries.map(
    ([action, deviceId], i) =>
      sql`(${sql.raw(String(i))}, ${action}::text, ${deviceId === null ? sql`null` : deviceId}::uuid)`,
  )
  return sql`insert into ${auditLog} (${sql.join(columns.map(name), sql`, `)})
    select entry.action, ${userId}, entry.device_id, ${projectId}, ${at}
    from (values ${sql.join(rows, sql`, `)}) as entry(n, action, device_id)
    where ${when}
    order by entry.n`
}

const deviceColumns = sql.join(
  [
    devices.id,
    devices.userId,
    devices.publicKey,
    devices.projectId,
    devices.createdAt,
    devices.verifiedAt,
  ].map(name),
  sql`, `,
)

/**
 * A first login in one statement: the user (unless the address has one: then nothing at all is written),
 * device, session and audit rows. Answers `created` (a user was inserted) and `done` (the rest too).
 */
const firstLogin = compileStatement(
  'first_login',
  [
    'userId',
    'email',
    'at',
    'deviceId',
    'publicKey',
    'projectId',
    'fresh',
    'sessionId',
    'tokenHash',
    'expiresAt',
    'verified',
  ],
  (p) => {
    const at = sql`${p.at}::timestamptz`
    const written = sql`exists (select 1 from new_device)`
    const newUser = sql`(select id from new_user)`
    return sql`
      with new_user as (
        insert into ${users} (${name(users.id)}, ${name(users.email)}, ${name(users.createdAt)})
        values (${p.userId}::uuid, ${p.email}, ${at})
        on conflict (${name(users.email)}) do nothing
        returning ${name(users.id)}
      ), new_device as (
        insert into ${devices} (${deviceColumns})
        select ${p.deviceId}::uuid, id, ${p.publicKey}, ${p.projectId}, ${at}, ${at}
        from new_user where ${p.fresh}::boolean
        returning ${name(devices.id)}
      ), new_session as (
        ${insertSession(
          {
            id: sql`${p.sessionId}::uuid`,
            userId: newUser,
            projectId: p.projectId,
            deviceId: sql`(select id from new_device)`,
            tokenHash: p.tokenHash,
            at,
            expiresAt: sql`${p.expiresAt}::timestamptz`,
          },
          written,
        )}
      ), audit as (
        ${insertAudit(
          newUser,
          p.projectId,
          [
            [sql`'user.created'`, null],
            [p.verified, p.deviceId],
            [sql`'login'`, p.deviceId],
          ],
          at,
          written,
        )}
      )
      select (select count(*) from new_user)::int as created, (select count(*) from new_device)::int as done`
  },
)
