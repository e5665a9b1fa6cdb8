import { type MailCatcher, startMailCatcher } from '@keyframe/dev-fixtures'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMailer, parseFrom } from './createMailer.ts'
import { deviceApprovalMail, emailChangeCodeMail, loginCodeMail, newDeviceMail } from './templates.ts'

let catcher: MailCatcher
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 })
})
afterAll(() => catcher?.close())

describe('createMailer → the devstack mail catcher', () => {
  test('default: a branded mail arrives with text and HTML, and the mailbox API lists and reads it', async () => {
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'Keyframe <no-reply@wallet.test>' })
    await mailer.send({
      to: 'Ada@Example.com',
      fromName: 'Acme',
      ...loginCodeMail({ projectName: 'Acme', code: '042917', minutes: 10 }),
    })
    mailer.close()
    const mail = await catcher.waitFor('ada@example.com', { subject: /login code/ })
    expect(mail).toMatchObject({
      to: ['ada@example.com'],
      from: '"Acme" <no-reply@wallet.test>',
      subject: 'Your Acme login code',
    })
    expect(mail.text).toMatchInlineSnapshot(`
      "Enter this code to log in to Acme:

          042917

      It expires in 10 minutes and works once. If you did not try to log in, ignore this e-mail: nobody can log in without the code.

      Acme will never ask you for this code by phone, chat or on another website.
      "
    `)
    expect(mail.html).toContain('>042917</p>')

    const list = (await (await fetch(`${catcher.httpUrl}/api/messages`)).json()) as {
      messages: { id: string }[]
    }
    expect(list.messages[0]).toEqual({
      id: mail.id,
      to: ['ada@example.com'],
      from: mail.from,
      subject: mail.subject,
      date: mail.date,
    })
    const one = await (await fetch(`${catcher.httpUrl}/api/messages/${mail.id}`)).json()
    expect(one).toEqual(mail)
    const inbox = await fetch(`${catcher.httpUrl}/`)
    expect(await inbox.text()).toContain('Your Acme login code')
    expect(inbox.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await fetch(`${catcher.httpUrl}/messages/${mail.id}/html`)
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox;/)
    expect((await fetch(`${catcher.httpUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204)
    expect(catcher.messages()).toEqual([])
  })

  test('error: waitFor times out with a clear message', async () => {
    await expect(catcher.waitFor('nobody@example.com', { timeoutMs: 50 })).rejects.toThrow(
      'No mail to nobody@example.com within 50 ms',
    )
  })

  test('behavior: without SMTP_URL mails are dropped with one warning', async () => {
    const warnings: string[] = []
    const logger = { info() {}, error() {}, warn: (m: string) => void warnings.push(m) }
    const mailer = createMailer({ logger })
    await mailer.send({ to: 'a@b.c', ...loginCodeMail({ projectName: 'X', code: '111111', minutes: 10 }) })
    await mailer.send({ to: 'a@b.c', ...loginCodeMail({ projectName: 'X', code: '111111', minutes: 10 }) })
    expect(warnings).toEqual(['mail: SMTP_URL is not set, mails are dropped'])
  })
})

describe('templates', () => {
  test('behavior: names are escaped in HTML; codes never in subjects', () => {
    const mails = [
      loginCodeMail({ projectName: 'A&B <x>', code: '123456', minutes: 10 }),
      emailChangeCodeMail({
        projectName: 'A&B',
        code: '123456',
        minutes: 10,
        step: 'primary',
        newEmail: 'n@x.y',
      }),
      emailChangeCodeMail({
        projectName: 'A&B',
        code: '123456',
        minutes: 10,
        step: 'secondary',
        newEmail: 'n@x.y',
      }),
      deviceApprovalMail({
        projectName: 'A&B',
        link: 'https://w.example/approve-device?c=1&t=2',
        minutes: 10,
      }),
      newDeviceMail({ projectName: 'A&B', at: new Date(0) }),
    ]
    for (const mail of mails) {
      expect(mail.subject).not.toContain('123456')
      expect(mail.html).not.toMatch(/<x>|A&B/)
    }
    expect(mails[3]?.html).toContain('href="https://w.example/approve-device?c=1&#38;t=2"')
  })

  test('error: MAIL_FROM must hold an address', () => {
    expect(parseFrom('Keyframe <a@b.c>')).toEqual({ name: 'Keyframe', address: 'a@b.c' })
    expect(parseFrom('a@b.c')).toEqual({ name: 'Keyframe', address: 'a@b.c' })
    expect(() => parseFrom('nobody')).toThrow('MAIL_FROM is not an e-mail address: "nobody"')
  })
})
