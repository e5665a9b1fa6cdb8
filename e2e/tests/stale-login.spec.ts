/**
 * A signature when the login is too old to unlock the key (SECURITY.md §1: a fresh factor ≤ 15 min for a
 * signing unlock), as a person meets it: after a reload the frame holds no auth share, the server refuses
 * to release it, and the frame asks in its own prompt for a code it mailed, then signs. The freshness window
 * is 5 s here instead of 15 min, so the test only has to wait that long.
 */
import { getAddress, toHex, verifyMessage } from 'viem'
import {
  codeFromMail,
  dialog,
  expectConnected,
  framePrompt,
  logIn,
  REFUSAL,
  SUBJECT,
  uniqueEmail,
} from '../support/email.ts'
import { approve, discoverKeyframe, outcomeOf, resultOf, startRequest } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

const FRESHNESS_MS = 5_000

// Operator recovery: the login needs no passphrase, so the login's fresh factor is not used up by typing one.
// The 30 s between two mails to one address would refuse the code (429) this soon after the login's mail; a
// real login is 15 minutes old by then, so it is 1 s here.
test.use({
  stackOptions: {
    recoveryMode: 'operator',
    limits: { unlockFreshnessMs: FRESHNESS_MS, resendCooldownMs: 1_000 },
  },
})
test.describe.configure({ timeout: 90_000 })

test.describe('a login too old to sign', () => {
  test('behavior: reload, wait past the freshness window, personal_sign → approve → the frame asks for the mailed code → signed', async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('stale')
    const address = getAddress(
      await logIn(page, stack, { url: stack.dappUrl, email, passphrase: '', prompt: 'none' }),
    )
    const loggedInAt = Date.now()

    // A new page: the frame's memory (its auth-share cache) is empty; the session itself survives.
    await page.reload()
    await expectConnected(page, email)
    await discoverKeyframe(page)
    await page.waitForTimeout(Math.max(0, loggedInAt + FRESHNESS_MS + 1_000 - Date.now()))

    const message = `Signed with an old login ${Date.now()}`
    const id = await startRequest(page, 'personal_sign', [toHex(message), address])
    await approve(page)

    // Right after the approval, the modal shows the frame's code prompt (the dApp never holds the field).
    const prompt = framePrompt(page)
    await expect(prompt.getByRole('heading', { name: "Confirm it's you" })).toBeVisible({ timeout: 15_000 })
    await expect(
      prompt.getByText(`Enter the 6-digit code we sent to ${email[0]}•••@example.com to sign.`),
    ).toBeVisible()
    await expect(dialog(page).getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
    const code = await codeFromMail(stack, email, SUBJECT.reauth)

    // A wrong code: the server's words under the field, and the prompt asks again.
    const wrong = code === '000000' ? '111111' : '000000'
    await prompt.getByLabel('Code', { exact: true }).fill(wrong)
    await prompt.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(prompt.getByRole('alert')).toHaveText(REFUSAL.wrong)

    await prompt.getByLabel('Code', { exact: true }).fill(code)
    await prompt.getByRole('button', { name: 'Continue', exact: true }).click()
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    await expect(dialog(page)).toBeHidden()
  })
})
