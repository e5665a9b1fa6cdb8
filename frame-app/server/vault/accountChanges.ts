/**
 * Changes that could take a wallet over or lock its owner out (SECURITY.md §1): removing a device, replacing
 * or releasing the recovery set, changing the e-mail. Each needs a code at most 5 minutes old and stays
 * under a per-account limit ({@link guardAccountChange}), and each is told to the account's address in a
 * notice naming the site and the device ({@link noticeAccountChange}). The device signature on the request
 * is the route's (`requireDeviceProof`).
 * @module
 */
import { fail, failRetryAfter } from '@keyframe/server-kit'
import { eq } from 'drizzle-orm'
import { requireFreshFactor, type SessionInfo } from '../auth/session.ts'
import type { ServerContext } from '../context.ts'
import { devices } from '../db/schema/users.ts'
import { type AccountChange, accountChangeMail, describeDevice } from '../mail/templates.ts'
import { getProject } from '../projects/store.ts'
import { rateLimit } from '../rateLimit.ts'

const DAY_MS = 24 * 60 * 60_000

/** The per-account limit of each guarded change (the release's own hourly limit is the vault's). */
function dailyLimit(ctx: ServerContext, change: Exclude<AccountChange, 'recovery_released'>): number {
  if (change === 'device_removed') return ctx.limits.deviceRemovalsPerDay
  if (change === 'recovery_replaced') return ctx.limits.recoveryChangesPerDay
  return ctx.limits.emailChangesPerDay
}

/**
 * Ends the request unless the session's last code is at most 5 minutes old (403 `fresh_factor_required`)
 * and the account is within its daily limit of this change (429 `rate_limited`). The limit is counted only
 * once the code is fresh, so a stale session cannot use it up.
 */
export async function guardAccountChange(
  ctx: ServerContext,
  session: SessionInfo,
  change: Exclude<AccountChange, 'recovery_released'>,
): Promise<void> {
  requireFreshFactor(session, ctx.now(), ctx.limits.recoveryFreshnessMs)
  await limitAccountChange(ctx, session, change)
}

/**
 * Counts one `change` against the account's daily limit; 429 `rate_limited` past it. For the e-mail change,
 * whose fresh code is the one mailed to the current address in its first step.
 */
export async function limitAccountChange(
  ctx: ServerContext,
  session: SessionInfo,
  change: Exclude<AccountChange, 'recovery_released'>,
): Promise<void> {
  const now = ctx.now()
  const limited = await rateLimit(
    ctx.db,
    { key: `account-change:${change}:${session.userId}`, windowMs: DAY_MS, max: dailyLimit(ctx, change) },
    now,
  )
  if (!limited.ok) failRetryAfter('rate_limited', limited.retryAfterMs)
}

/**
 * Mails the notice of `change` to the account's address (the one the session logged in with). `required`:
 * the change must not happen unless the owner was told, so a failed mail ends the request with 503 (call it
 * before the change); otherwise a failure is logged and the change stands.
 * @param details.subject The removed device's description, or the new address.
 */
export async function noticeAccountChange(
  ctx: ServerContext,
  session: SessionInfo,
  change: AccountChange,
  details: { subject?: string; required: boolean },
): Promise<void> {
  // An account without an address (a social login that gave none) has no mailbox to tell: its only way in
  // is its provider's login, which the session's fresh factor already is (auth/social/FLOW.md).
  if (session.email === null) return
  const project = await getProject(ctx.db, session.projectId)
  const projectName = project?.name ?? 'Keyframe'
  const mail = accountChangeMail({
    projectName,
    origins: project?.allowedOrigins ?? [],
    change,
    by: await deviceName(ctx, session.deviceId),
    ...(details.subject !== undefined && { subject: details.subject }),
    at: ctx.now(),
  })
  try {
    await ctx.mailer.send({ to: session.email, fromName: projectName, ...mail })
  } catch (error) {
    if (!details.required) {
      ctx.logger.warn('mail: account change notice failed', { error, change })
      return
    }
    ctx.logger.error('mail: account change notice failed; the change was not made', { error, change })
    fail(503, 'mail_unavailable', 'The e-mail could not be sent. Please try again.')
  }
}

/** How a notice names a device of the account (by id). */
export async function deviceName(ctx: ServerContext, deviceId: string | null): Promise<string> {
  if (!deviceId) return 'an unverified device'
  const [row] = await ctx.db
    .select({ id: devices.id, createdAt: devices.createdAt })
    .from(devices)
    .where(eq(devices.id, deviceId))
  return row ? describeDevice(row) : 'an unknown device'
}
