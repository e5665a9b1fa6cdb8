/**
 * Outgoing mail through nodemailer to `SMTP_URL` (any SMTP server; the devstack's catcher locally).
 * @module
 */
import nodemailer from 'nodemailer'
import type { Logger } from '../logger.ts'

/** One mail, already rendered (see `templates.ts`). */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  /** Display name of the sender (the project's name); the address comes from `MAIL_FROM`. */
  fromName?: string
}

export type Mailer = {
  send(message: MailMessage): Promise<void>
  close(): void
}

export type CreateMailerOptions = {
  /** `smtp://user:pass@host:587`, `smtps://…:465`. Without it mails are dropped (development only). */
  smtpUrl?: string
  /** `MAIL_FROM`: `no-reply@example.com` or `Keyframe <no-reply@example.com>` (default `Keyframe <no-reply@localhost>`). */
  from?: string
  logger?: Logger
}

/** Parses `Name <address>` or a bare address. */
export function parseFrom(from: string): { name: string; address: string } {
  const match = /^\s*(?:"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))\s*$/.exec(from)
  if (!match) throw new Error(`MAIL_FROM is not an e-mail address: ${JSON.stringify(from)}`)
  return { name: match[1]?.trim() || 'Keyframe', address: (match[2] ?? match[3]) as string }
}

/**
 * Creates the mailer. Sending never logs the message (it holds codes and links).
 * @example
 * const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM })
 */
export function createMailer(options: CreateMailerOptions): Mailer {
  const from = parseFrom(options.from ?? 'Keyframe <no-reply@localhost>')
  if (!options.smtpUrl) {
    let warned = false
    return {
      async send() {
        if (!warned) options.logger?.warn('mail: SMTP_URL is not set, mails are dropped')
        warned = true
      },
      close() {},
    }
  }
  // A pool keeps connections open: each new SMTP connection costs a greeting round trip (≥ 100 ms with
  // smtp-server), and a login should not wait for it.
  const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 5 })
  return {
    async send(message) {
      await transport.sendMail({
        from: { name: message.fromName ?? from.name, address: from.address },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
    },
    close() {
      transport.close()
    },
  }
}
