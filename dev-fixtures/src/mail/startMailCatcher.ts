/**
 * A local SMTP server that keeps every mail in memory and shows the mailbox over HTTP: for the e2e tests,
 * the server tests (nodemailer → smtp-server, no mock) and people trying the dev stack.
 * @module
 */
import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { StackLogger } from '../stackLogger.ts'
import { inboxPage, MAIL_HTML_CSP, messagePage, PAGE_CSP } from './inboxPage.ts'

/** One caught mail. */
export type CaughtMail = {
  /** `1`, `2`, … in arrival order. */
  id: string
  /** Envelope recipients, lower-case. */
  to: string[]
  from: string
  subject: string
  /** ISO 8601 arrival time. */
  date: string
  text: string
  html: string | null
}

/** A mail in the list (`GET /api/messages`). */
export type CaughtMailSummary = Pick<CaughtMail, 'id' | 'to' | 'from' | 'subject' | 'date'>

export type MailCatcherOptions = {
  /** SMTP port on 127.0.0.1 (0 = any free port). */
  smtpPort?: number
  /** HTTP port of the mailbox on 127.0.0.1 (0 = any free port). */
  httpPort?: number
  /** Receives one line per caught mail: id, recipients, subject and size, never the body (it holds codes). */
  logger?: StackLogger
}

export type WaitForOptions = {
  /** Only a mail whose subject contains this text or matches this RegExp. */
  subject?: string | RegExp
  /** Default 10 000 ms. */
  timeoutMs?: number
}

export type MailCatcher = {
  /** `smtp://127.0.0.1:PORT` for `SMTP_URL`. */
  smtpUrl: string
  /** `http://127.0.0.1:PORT`: the inbox page at `/`, the API at `/api/messages`. */
  httpUrl: string
  /** Every mail so far, oldest first. */
  messages(): CaughtMail[]
  /**
   * The oldest mail to `to` (and matching `subject`) not yet returned by `waitFor`, waiting for it if needed.
   * Each mail is returned once, so `start → waitFor → resend → waitFor` yields the two mails in order.
   * @throws Error after `timeoutMs` without such a mail.
   */
  waitFor(to: string, options?: WaitForOptions): Promise<CaughtMail>
  /** Deletes every mail. */
  clear(): void
  close(): Promise<void>
}

const summary = ({ id, to, from, subject, date }: CaughtMail): CaughtMailSummary => ({
  id,
  to,
  from,
  subject,
  date,
})

function toMail(id: string, recipients: string[], parsed: ParsedMail): CaughtMail {
  return {
    id,
    to: recipients,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    date: new Date().toISOString(),
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
  }
}

/**
 * Starts the SMTP catcher and its HTTP mailbox on 127.0.0.1 (no auth required, no STARTTLS).
 * @example
 * import { startMailCatcher } from '@keyframe/dev-fixtures'
 * const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 })
 * // … SMTP_URL=mail.smtpUrl …
 * const code = /\b(\d{6})\b/.exec((await mail.waitFor('ada@example.com')).text)?.[1]
 * await mail.close()
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const box: CaughtMail[] = []
  const taken = new Set<string>()
  const waiters = new Set<() => void>()
  let next = 1

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    // No DNS: a reverse lookup of 127.0.0.1 can take seconds offline.
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
      simpleParser(stream).then(
        (parsed) => {
          const mail = toMail(String(next++), recipients, parsed)
          box.push(mail)
          options.logger?.info('mail: caught', {
            id: mail.id,
            to: mail.to,
            subject: mail.subject,
            size: mail.text.length + (mail.html?.length ?? 0),
          })
          for (const wake of waiters) wake()
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  // SMTP is one round trip per command: without this, delayed ACKs add ~40 ms to several of them.
  smtp.server.on('connection', (socket: Socket) => socket.setNoDelay(true))
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => {
      smtp.server.off('error', reject)
      resolve()
    })
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const find = (id: string) => box.find((m) => m.id === id)
  const app = new Hono()
    .get('/api/messages', (c) => c.json({ messages: [...box].reverse().map(summary) }))
    .get('/api/messages/:id', (c) => {
      const mail = find(c.req.param('id'))
      return mail ? c.json(mail) : c.json({ code: 'not_found', message: 'Not found' }, 404)
    })
    .delete('/api/messages', (c) => {
      box.length = 0
      taken.clear()
      return c.body(null, 204)
    })
    .get('/', (c) =>
      c.html(inboxPage(box), 200, { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' }),
    )
    .post('/clear', (c) => {
      box.length = 0
      taken.clear()
      return c.redirect('/', 303)
    })
    .get('/messages/:id', (c) => {
      const mail = find(c.req.param('id'))
      if (!mail) return c.text('Not found', 404)
      return c.html(messagePage(mail), 200, { 'Content-Security-Policy': PAGE_CSP })
    })
    .get('/messages/:id/html', (c) => {
      const mail = find(c.req.param('id'))
      if (!mail?.html) return c.text('Not found', 404)
      return c.html(mail.html, 200, { 'Content-Security-Policy': MAIL_HTML_CSP })
    })

  const http = await new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.httpPort ?? 0 }, (info) => {
      server.off('error', reject)
      resolve({ server, port: info.port })
    }) as Server
    server.once('error', reject)
  })

  const matches = (mail: CaughtMail, to: string, subject: WaitForOptions['subject']) =>
    !taken.has(mail.id) &&
    mail.to.includes(to.toLowerCase()) &&
    (subject === undefined ||
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)))

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${http.port}`,
    messages: () => [...box],
    clear() {
      box.length = 0
      taken.clear()
    },
    waitFor(to, { subject, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = box.find((m) => matches(m, to, subject))
          if (!mail) return false
          taken.add(mail.id)
          waiters.delete(check)
          clearTimeout(timer)
          resolve(mail)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `No mail to ${to}${subject ? ` with subject ${String(subject)}` : ''} within ${timeoutMs} ms`,
            ),
          )
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    async close() {
      await new Promise<void>((resolve) => {
        http.server.close(() => resolve())
        http.server.closeAllConnections()
      })
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}
