/**
 * The mails the server sends, as plain text and HTML, branded with the project's name. Codes are never in
 * the subject (lock screens show subjects).
 * @module
 */

export type RenderedMail = { subject: string; text: string; html: string }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Lays out paragraphs (and at most one code or button) in a plain, readable HTML mail. */
function html(
  title: string,
  blocks: ({ p: string } | { code: string } | { button: string; href: string })[],
) {
  const body = blocks
    .map((block) => {
      if ('p' in block) return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.p)}</p>`
      if ('code' in block)
        return `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:monospace">${escapeHtml(block.code)}</p>`
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;background:#1f6feb;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(block.button)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(block.href)}</p>`
    })
    .join('\n')
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:24px;background:#f6f8fa;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328"><div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px"><h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(title)}</h1>
${body}
</div></body></html>`
}

const footer = (project: string) =>
  `${project} will never ask you for this code by phone, chat or on another website.`

/** A mail whose point is one code: the intro, the code set apart, what to know about it, the footer. */
function codeMail(p: {
  projectName: string
  title: string
  intro: string
  code: string
  after: string
}): RenderedMail {
  const end = footer(p.projectName)
  return {
    subject: p.title,
    text: `${p.intro}\n\n    ${p.code}\n\n${p.after}\n\n${end}\n`,
    html: html(p.title, [{ p: p.intro }, { code: p.code }, { p: p.after }, { p: end }]),
  }
}

/** The login code (VERIFY_OTP). Identical for a new and an existing account. */
export function loginCodeMail(p: { projectName: string; code: string; minutes: number }): RenderedMail {
  return codeMail({
    projectName: p.projectName,
    title: `Your ${p.projectName} login code`,
    intro: `Enter this code to log in to ${p.projectName}:`,
    code: p.code,
    after: `It expires in ${p.minutes} minutes and works once. If you did not try to log in, ignore this e-mail: nobody can log in without the code.`,
  })
}

/** VERIFY_DEVICE: the approval link for a new device of a logged-in account. */
export function deviceApprovalMail(p: { projectName: string; link: string; minutes: number }): RenderedMail {
  const title = `Approve a new device for ${p.projectName}`
  const lines = [
    `A browser that is not yet trusted asked to use your ${p.projectName} wallet. If this was you, open the link below and press "Approve".`,
    `The link expires in ${p.minutes} minutes and works once. If it was not you, ignore this e-mail: the device stays locked out.`,
  ]
  return {
    subject: title,
    text: `${lines[0]}\n\n${p.link}\n\n${lines[1]}\n`,
    html: html(title, [
      { p: lines[0] as string },
      { button: 'Approve this device', href: p.link },
      { p: lines[1] as string },
    ]),
  }
}

/** Sent after a new device was verified for an existing account. */
export function newDeviceMail(p: { projectName: string; at: Date }): RenderedMail {
  const title = `New device for your ${p.projectName} wallet`
  const when = p.at.toUTCString()
  const lines = [
    `A new device (browser or site) got access to your ${p.projectName} wallet on ${when}.`,
    'If this was you, there is nothing to do. If it was not, someone has access to your mailbox: secure your e-mail account first, then remove the device from your wallet settings.',
  ]
  return {
    subject: title,
    text: `${lines.join('\n\n')}\n`,
    html: html(
      title,
      lines.map((p) => ({ p })),
    ),
  }
}

/** E-mail change, step 1 (to the current address) or step 2 (to the new address). */
export function emailChangeCodeMail(p: {
  projectName: string
  code: string
  minutes: number
  step: 'primary' | 'secondary'
  newEmail: string
}): RenderedMail {
  const title =
    p.step === 'primary'
      ? `Confirm the e-mail change of your ${p.projectName} wallet`
      : `Verify your new e-mail for ${p.projectName}`
  const first =
    p.step === 'primary'
      ? `Someone asked to change the e-mail of your ${p.projectName} wallet to ${p.newEmail}. If it was you, enter this code:`
      : `Enter this code to make ${p.newEmail} the e-mail of your ${p.projectName} wallet:`
  return codeMail({
    projectName: p.projectName,
    title,
    intro: first,
    code: p.code,
    after: `It expires in ${p.minutes} minutes and works once. If you did not ask for this, ignore this e-mail and nothing changes.`,
  })
}

/** Sent to the old address after an e-mail change. */
export function emailChangedMail(p: { projectName: string; newEmail: string }): RenderedMail {
  const title = `The e-mail of your ${p.projectName} wallet changed`
  const lines = [
    `Your ${p.projectName} wallet now uses ${p.newEmail}. This address will no longer receive its codes.`,
    'If you did not do this, contact the operator of this wallet at once.',
  ]
  return {
    subject: title,
    text: `${lines.join('\n\n')}\n`,
    html: html(
      title,
      lines.map((p) => ({ p })),
    ),
  }
}

/** A confirmation code for a logged-in user (fresh factor before export or recovery). */
export function reauthCodeMail(p: { projectName: string; code: string; minutes: number }): RenderedMail {
  return codeMail({
    projectName: p.projectName,
    title: `Your ${p.projectName} confirmation code`,
    intro: `Enter this code to confirm it is you in ${p.projectName}:`,
    code: p.code,
    after: `It expires in ${p.minutes} minutes and works once. If you did not ask for it, ignore this e-mail.`,
  })
}
