/**
 * Attacks on someone else's account from an HTTP client (SECURITY.md §1–§2), with the owner in a real
 * browser: anonymous code requests and wrong codes against the owner's address; random bytes in place of the
 * recovery set; the owner's device removed by a session from a code. Each has a control that shows the
 * attack works where nothing stops it: a login from a new browser is locked out, and the same requests
 * against a frame server with its account guards off (`accountGuards: 'off'`) do the damage.
 */
import { randomBytes } from 'node:crypto'
import { type Stack, startStack } from '@keyframe/devstack'
import type { Browser, Page } from '@playwright/test'
import { getAddress, toHex, verifyMessage } from 'viem'
import { stackLogFile } from '../support/artifacts.ts'
import { attackerClient, wrongCode } from '../support/attacker.ts'
import {
  codeFromMail,
  dialog,
  enterPassphrase,
  expectConnected,
  framePrompt,
  logIn,
  newPassphrase,
  openModal,
  SUBJECT,
  submitEmail,
  typeCode,
  uniqueEmail,
} from '../support/email.ts'
import { approve, discoverKeyframe, outcomeOf, resultOf, startRequest } from '../support/evm.ts'
import { expect, prepareContext, test } from '../support/fixtures.ts'

/** Limits short enough for a test: the lock after 20 wrong codes, codes 1 s apart, fresh codes for 10 s. */
const LIMITS = { lockAfterFailures: 20, resendCooldownMs: 1_000, recoveryFreshnessMs: 10_000 }
test.describe.configure({ timeout: 120_000 })

/** The attacker's session: a login code read from the owner's mailbox, verified from its own device key. */
async function attackerSession(stack: Stack, email: string) {
  const attacker = attackerClient(stack)
  await new Promise((resolve) => setTimeout(resolve, LIMITS.resendCooldownMs))
  expect((await attacker.start(email)).status).toBe(200)
  const code = await codeFromMail(stack, email, SUBJECT.login)
  expect((await attacker.verify(email, code)).status).toBe(200)
  return attacker
}

/**
 * personal_sign in the owner's browser on a new page (nothing of the key cached in the frame): the server
 * must release the device's own share to its signature, whatever was done to the address meanwhile.
 */
async function ownerSigns(page: Page, email: string, address: `0x${string}`) {
  await page.reload()
  await expectConnected(page, email)
  await discoverKeyframe(page)
  const message = `Still mine ${Date.now()}`
  const id = await startRequest(page, 'personal_sign', [toHex(message), address])
  await approve(page)
  const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}

/** The e-mail form of a new browser (no session, no device key): what the server answers to its /start. */
async function loginFromNewBrowser(browser: Browser, stack: Stack, email: string, workerIndex: number) {
  const context = await browser.newContext()
  await prepareContext(context, { workerIndex, test: 'account attacks › a new browser' })
  const page = await context.newPage()
  await page.goto(stack.dappUrl)
  await openModal(page)
  await dialog(page).getByLabel('E-mail', { exact: true }).fill(email)
  const answer = page.waitForResponse(
    (r) => r.url().startsWith(`${stack.frameOrigin}/api/auth/email/start`) && r.request().method() === 'POST',
  )
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
  const response = await answer
  return { page, context, status: response.status(), body: (await response.json()) as { code?: string } }
}

test.use({ stackOptions: { limits: LIMITS } })

test.describe('with the guards', () => {
  test("attack: anonymous /start and wrong codes against the owner's address lock out a new browser, never the owner's", async ({
    page,
    stack,
    browser,
  }, info) => {
    const email = uniqueEmail('owner')
    const passphrase = newPassphrase()
    const address = getAddress(
      await logIn(page, stack, { url: stack.dappUrl, email, passphrase, prompt: 'create' }),
    )

    // Four code requests (with the owner's login, the address's five mails this hour) and five wrong codes
    // each, from a script with no session: the address is locked for 24 hours.
    const attacker = attackerClient(stack)
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, LIMITS.resendCooldownMs))
      expect((await attacker.start(email)).status).toBe(200)
      const code = await codeFromMail(stack, email, SUBJECT.login)
      for (let k = 0; k < 5; k++) await attacker.verify(email, wrongCode(code))
    }

    // Control: the attack works on the address — a login from a new browser is refused.
    const fresh = await loginFromNewBrowser(browser, stack, email, info.workerIndex)
    expect(fresh.status).toBe(429)
    expect(fresh.body.code).toBe('locked')
    await expect(
      dialog(fresh.page).getByText('Too many wrong codes for this address. Please try again later.'),
    ).toBeVisible()
    await fresh.context.close()

    // The owner's browser holds a bound session: it still signs.
    await ownerSigns(page, email, address)
  })

  test('attack: random bytes in place of the recovery set are refused; the owner recovers on a new browser', async ({
    page,
    stack,
    browser,
  }, info) => {
    const email = uniqueEmail('recover')
    const passphrase = newPassphrase()
    const address = await logIn(page, stack, { url: stack.dappUrl, email, passphrase, prompt: 'create' })
    const attacker = await attackerSession(stack, email)
    const refused = await attacker.call('PUT', '/api/shares/recovery', bogusRecoverySet())
    expect(refused.status).toBe(400)
    expect(refused.json.code).toBe('invalid_recovery_proof')

    const context = await browser.newContext()
    await prepareContext(context, { workerIndex: info.workerIndex, test: 'account attacks › recovery' })
    const other = await context.newPage()
    await new Promise((resolve) => setTimeout(resolve, LIMITS.resendCooldownMs))
    expect(await logIn(other, stack, { url: stack.dappUrl, email, passphrase, prompt: 'enter' })).toBe(
      address,
    )
    await context.close()
  })

  test("attack: a session from a code cannot remove the owner's device without a fresh code; with one, the owner is mailed", async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('device')
    const passphrase = newPassphrase()
    const address = getAddress(
      await logIn(page, stack, { url: stack.dappUrl, email, passphrase, prompt: 'create' }),
    )
    const attacker = await attackerSession(stack, email)
    const ownerDevice = await ownDeviceId(attacker)

    await new Promise((resolve) => setTimeout(resolve, LIMITS.recoveryFreshnessMs + 500))
    const refused = await attacker.call('DELETE', `/api/devices/${ownerDevice}`)
    expect(refused.status).toBe(403)
    expect(refused.json.code).toBe('fresh_factor_required')
    await ownerSigns(page, email, address)

    // With a code from the mailbox, the removal goes through, and the mailbox hears of it: site and devices.
    expect((await attacker.call('POST', '/api/session/factor')).status).toBe(200)
    const code = await codeFromMail(stack, email, SUBJECT.reauth)
    expect((await attacker.call('POST', '/api/session/factor/verify', { otp: code })).status).toBe(200)
    expect((await attacker.call('DELETE', `/api/devices/${ownerDevice}`)).status).toBe(200)
    const notice = await stack.mail.waitFor(email, { subject: /^A device was removed from your .+ wallet$/ })
    expect(notice.text).toContain(`(id ${ownerDevice.slice(0, 8)}) was removed`)
    expect(notice.text).toMatch(/Site: .+ \(http:\/\/127\.0\.0\.1:\d+\)/)
  })
})

test.describe('control: the same attacks with the account guards off', () => {
  // A stack of its own: the same frame server with `accountGuards: 'off'` (what the attacks did before).
  let open: Stack
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const logFile = stackLogFile(test.info().workerIndex)
    open = await startStack({ limits: LIMITS, accountGuards: 'off', logFile })
  })
  test.afterAll(async () => {
    await open?.close()
  })

  test("control: random bytes replace the recovery set and the owner's passphrase no longer recovers", async ({
    page,
    browser,
  }, info) => {
    const email = uniqueEmail('recover-off')
    const passphrase = newPassphrase()
    await logIn(page, open, { url: open.dappUrl, email, passphrase, prompt: 'create' })
    const attacker = await attackerSession(open, email)
    expect((await attacker.call('PUT', '/api/shares/recovery', bogusRecoverySet())).status).toBe(200)

    const context = await browser.newContext()
    await prepareContext(context, { workerIndex: info.workerIndex, test: 'account attacks › recovery off' })
    const other = await context.newPage()
    await new Promise((resolve) => setTimeout(resolve, LIMITS.resendCooldownMs))
    await other.goto(open.dappUrl)
    await submitEmail(other, email)
    await typeCode(other, await codeFromMail(open, email, SUBJECT.login))
    await enterPassphrase(other, passphrase)
    await expect(framePrompt(other).getByText('Wrong passphrase. Please try again.')).toBeVisible({
      timeout: 15_000,
    })
    await context.close()
  })

  test("control: a session from a code removes the owner's device without a fresh code, and the owner can no longer sign", async ({
    page,
  }) => {
    const email = uniqueEmail('device-off')
    const passphrase = newPassphrase()
    await logIn(page, open, { url: open.dappUrl, email, passphrase, prompt: 'create' })
    const attacker = await attackerSession(open, email)
    const ownerDevice = await ownDeviceId(attacker)
    await new Promise((resolve) => setTimeout(resolve, LIMITS.recoveryFreshnessMs + 500))
    expect((await attacker.call('DELETE', `/api/devices/${ownerDevice}`)).status).toBe(200)
    // The owner's session ended with its device: after a reload the dApp is signed out, nothing signs.
    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected', { timeout: 20_000 })
  })
})

/** The owner's device (the attacker's session lists the account's devices; its own is `current`). */
async function ownDeviceId(attacker: ReturnType<typeof attackerClient>): Promise<string> {
  const listed = await attacker.call('GET', '/api/devices')
  const devices = listed.json.devices as { id: string; current: boolean; revokedAt: string | null }[]
  const owner = devices.find((device) => !device.current && device.revokedAt === null)
  if (!owner) throw new Error('The owner has no device')
  return owner.id
}

/**
 * A recovery set of random bytes in the shape the route takes (a blob of random salt, nonce and
 * ciphertext, a random auth_r), with a signature of random bytes: what the attacker can make without the key.
 */
function bogusRecoverySet() {
  const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
  return {
    recovery: {
      mode: 'passphrase',
      authShare: b64u(randomBytes(33)),
      recoveryBlob: {
        v: 1,
        kdf: 'scrypt',
        N: 2 ** 14,
        r: 8,
        p: 1,
        salt: b64u(randomBytes(16)),
        iv: b64u(randomBytes(12)),
        ciphertext: b64u(randomBytes(49)),
      },
    },
    signature: `0x${randomBytes(65).toString('hex')}`,
  }
}
