/**
 * Firefox ESR and WebKitGTK (Safari's engine), which have no IntersectionObserver v2: the frame cannot prove
 * its approval screen unobscured inside the page, so approvals happen in a top-level popup of the frame's
 * origin. A person logs in by e-mail, signs a message through the popup (the signature verifies against the
 * address), and closing the popup without deciding rejects the next request with 4001.
 */
import { getAddress, verifyMessage } from 'viem'
import { codeFromMail, newPassphrase, SUBJECT, uniqueEmail } from '../support/email.ts'
import { type EngineName, evaluate, waitUntil } from '../support/engines/driver.ts'
import { expect, test } from '../support/engines/fixtures.ts'
import { logInByEmail } from '../support/engines/login.ts'
import {
  approveInPopup,
  closePopup,
  openPopup,
  signOutcome,
  startPersonalSign,
} from '../support/engines/sign.ts'

// A login (scrypt in the frame, real mail) and two approvals, each ≥ 1 s on screen, in a browser launched
// for the test.
test.describe.configure({ timeout: 120_000 })

const ENGINES: Record<EngineName, string> = { firefox: 'Firefox ESR', webkit: 'WebKitGTK' }

for (const [engineName, label] of Object.entries(ENGINES) as [EngineName, string][]) {
  test.describe(label, () => {
    test.use({ engineName })

    test('behavior: e-mail login; personal_sign approved in the popup verifies against the address; the popup closed undecided is 4001', async ({
      engine,
      stack,
    }) => {
      const email = uniqueEmail(engineName)
      const address = getAddress(
        await logInByEmail(engine, {
          dappUrl: stack.dappUrl,
          email,
          passphrase: newPassphrase(),
          code: () => codeFromMail(stack, email, SUBJECT.login),
        }),
      )

      const message = `Keyframe in ${label}`
      await startPersonalSign(engine, message, address)
      await openPopup(engine)
      // The popup is the frame's own document, top-level: nothing of the page is in it.
      const popup = await evaluate(
        engine,
        'popup',
        () => ({ url: location.href, top: window.top === window, text: document.body.textContent ?? '' }),
        null,
      )
      expect(popup.url).toBe(`${stack.frameOrigin}/approve`)
      expect(popup.top).toBe(true)
      expect(popup.text).toContain(message)
      expect(popup.text).toContain(new URL(stack.dappUrl).origin)
      await approveInPopup(engine)
      const signed = await signOutcome(engine)
      if (!signed.ok) throw new Error(`personal_sign failed: ${String(signed.code)} ${signed.message}`)
      expect(await verifyMessage({ address, message, signature: signed.signature })).toBe(true)
      await waitUntil(async () => !(await engine.hasPopup()), 10_000, 'the popup to close after the decision')

      await startPersonalSign(engine, 'Never signed', address)
      await openPopup(engine)
      await closePopup(engine)
      const rejected = await signOutcome(engine)
      expect(rejected).toMatchObject({ ok: false, code: 4001 })
    })
  })
}
