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

/** What an account-change notice is about. */
export type AccountChange = 'device_removed' | 'recovery_replaced' | 'recovery_released' | 'email_changed'

/**
 * Told to the account's address after (or, for a release in `operator` mode, before) a change that could
 * take the wallet over or lock its owner out. It names the site (project, dApp origins) and the device that
 * made the change, so the owner can tell whether it was them.
 */
export function accountChangeMail(p: {
  projectName: string
  /** The dApp origins of the project (only the first three are listed). */
  origins: readonly string[]
  change: AccountChange
  /** The device that made the change, as {@link describeDevice} names it. */
  by: string
  /** The removed device (device_removed) or the new address (email_changed). */
  subject?: string
  at: Date
}): RenderedMail {
  const what: Record<AccountChange, { title: string; line: string }> = {
    device_removed: {
      title: `A device was removed from your ${p.projectName} wallet`,
      line: `${p.subject ?? 'A device'} was removed from your ${p.projectName} wallet; it can no longer sign.`,
    },
    recovery_replaced: {
      title: `The recovery set of your ${p.projectName} wallet was replaced`,
      line: `The recovery set of your ${p.projectName} wallet (what rebuilds it on a new device) was replaced. The old one no longer works.`,
    },
    recovery_released: {
      title: `Your ${p.projectName} wallet is being set up on a device`,
      line: `The recovery set of your ${p.projectName} wallet was released to rebuild the wallet on a device.`,
    },
    email_changed: {
      title: `The e-mail of your ${p.projectName} wallet changed`,
      line: `Your ${p.projectName} wallet now uses ${p.subject ?? 'another address'}. This address will no longer receive its codes.`,
    },
  }
  const { title, line } = what[p.change]
  const shown = p.origins.slice(0, 3).join(', ') + (p.origins.length > 3 ? ', …' : '')
  const lines = [
    line,
    `Site: ${p.projectName}${shown ? ` (${shown})` : ''}. Device: ${p.by}. When: ${p.at.toUTCString()}.`,
    'If this was you, there is nothing to do. If it was not, someone has access to your mailbox or your session: secure your e-mail account first, then remove the devices you do not know from your wallet settings.',
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

/** A device as a notice names it: when it was added, and the start of its id (as the device list shows it). */
export function describeDevice(device: { id: string; createdAt: Date }): string {
  return `the device added on ${device.createdAt.toUTCString()} (id ${device.id.slice(0, 8)})`
}
