/**
 * The VERIFY_DEVICE approval page, opened from the mail. GET only shows a button (mail scanners that
 * prefetch links must not approve anything); the POST approves, and the waiting frame then collects its
 * session through `POST /api/auth/email/device`.
 * @module
 */
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ServerContext } from '../../context.ts'
import { otpChallenges } from '../../db/schema/auth.ts'
import { getProject } from '../../projects/store.ts'
import { checkCode, latestChallenge } from '../challenges.ts'

/** Forms post to this page only; nothing runs, nothing frames it. */
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TOKEN = /^[A-Za-z0-9_-]{43}$/

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

export function approvePageRoutes(ctx: ServerContext) {
  const headers = { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' }
  const projectName = async (id: string) => (await getProject(ctx.db, id))?.name ?? 'Keyframe'
  const unreadable = page(
    'This request could not be read',
    '<p>Open the link from the mail again and press the button there.</p>',
  )
  const expired = page(
    'This link no longer works',
    '<p>It expired, was already used, or was replaced by a newer one. Start again from the app to get a new link.</p>',
  )

  return new Hono()
    .get('/', async (c) => {
      const id = c.req.query('c') ?? ''
      const token = c.req.query('t') ?? ''
      if (!ID.test(id) || !TOKEN.test(token)) return c.html(expired, 400, headers)
      const [challenge] = await ctx.db.select().from(otpChallenges).where(eq(otpChallenges.id, id))
      if (
        challenge?.purpose !== 'device' ||
        challenge.usedAt ||
        challenge.expiresAt.getTime() <= ctx.now().getTime()
      )
        return c.html(expired, 410, headers)
      const name = escapeHtml(await projectName(challenge.projectId))
      const when = escapeHtml(challenge.createdAt.toUTCString())
      return c.html(
        page(
          `Approve a new device for ${await projectName(challenge.projectId)}?`,
          `<p>A browser asked to use your ${name} wallet on ${when}. Approve only if that was you, a moment ago.</p>
<form method="post" action="/approve-device"><input type="hidden" name="c" value="${escapeHtml(id)}"><input type="hidden" name="t" value="${escapeHtml(token)}"><button type="submit">Approve this device</button></form>
<p>If it was not you, close this page: the device stays locked out.</p>`,
        ),
        200,
        headers,
      )
    })
    .post('/', async (c) => {
      let form: Record<string, unknown>
      try {
        form = await c.req.parseBody()
      } catch {
        // A multipart body without a usable boundary, or otherwise unreadable: the client's fault, not a 500.
        return c.html(unreadable, 400, headers)
      }
      const id = typeof form.c === 'string' ? form.c : ''
      const token = typeof form.t === 'string' ? form.t : ''
      if (!ID.test(id) || !TOKEN.test(token)) return c.html(expired, 400, headers)
      const result = await ctx.db.transaction(async (tx) => {
        const challenge = await latestChallenge(tx, eq(otpChallenges.id, id))
        if (challenge?.purpose !== 'device') return { ok: false } as const
        const check = await checkCode(tx, ctx, challenge, token)
        if (!check.ok) return check
        await tx.update(otpChallenges).set({ approvedAt: ctx.now() }).where(eq(otpChallenges.id, id))
        return { ok: true, projectId: challenge.projectId } as const
      })
      if (!result.ok) return c.html(expired, 400, headers)
      const name = await projectName(result.projectId)
      return c.html(
        page(
          'Device approved',
          `<p>You can go back to ${escapeHtml(name)}: the new device finishes signing in by itself.</p>`,
        ),
        200,
        headers,
      )
    })
}
