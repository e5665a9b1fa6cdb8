/**
 * The code canary (SECURITY.md §0: secrets are typed only in the frame). A whole e-mail login and an e-mail
 * update, each code read from the mailbox and typed into the frame's prompt; then no code may be anywhere
 * the dApp page can read: its DOM now or at any moment before (the modal's shadow root, attribute and field
 * values), its localStorage, sessionStorage, IndexedDB and cookies, or any message it sent or received. The
 * control runs the same search on a page that does hold a code, the way the old parent-side boxes did.
 */
import { pageHaystack, placesOf, recordDom } from '../support/codeCanary.ts'
import {
  codeFromMail,
  dialog,
  expectConnected,
  SUBJECT,
  submitEmail,
  typeCode,
  uniqueEmail,
} from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'

// Operator recovery: no passphrase to type, the codes are the only secrets here. The update mails the login's
// address right after its code: the server's 30 s between two mails is 1 s here.
test.use({ stackOptions: { recoveryMode: 'operator', limits: { resendCooldownMs: 1_000 } } })
test.describe.configure({ timeout: 90_000 })

const EVERY_PLACE = [
  'DOM now',
  'DOM at any moment',
  'localStorage',
  'sessionStorage',
  'IndexedDB',
  'messages sent',
  'messages received',
  'cookies',
]

test.describe('code canary: the dApp page never holds a code', () => {
  test('behavior: a whole login and an e-mail update leave no code in the DOM, storage or messages of the page', async ({
    page,
    stack,
  }) => {
    await recordDom(page)
    const email = uniqueEmail('canary')
    const newEmail = uniqueEmail('canary.new')
    await page.goto(stack.dappUrl)

    await submitEmail(page, email)
    const login = await codeFromMail(stack, email, SUBJECT.login)
    await typeCode(page, login)
    await expectConnected(page, email)

    await page.waitForTimeout(1_100)
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Update e-mail', exact: true }).click()
    await dialog(page).getByLabel('New e-mail', { exact: true }).fill(newEmail)
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    const primary = await codeFromMail(stack, email, SUBJECT.changePrimary)
    await typeCode(page, primary)
    const secondary = await codeFromMail(stack, newEmail, SUBJECT.changeSecondary)
    await typeCode(page, secondary)
    await expect(page.getByTestId('account-email')).toHaveText(newEmail)

    const haystack = await pageHaystack(page)
    // The search sees this very run: what the page did hold (the new address) is found where it was.
    expect(placesOf(haystack, newEmail)).toEqual(
      expect.arrayContaining([
        'DOM now',
        'DOM at any moment',
        'localStorage',
        'messages sent',
        'messages received',
      ]),
    )
    for (const [step, code] of [
      ['login', login],
      ['current address', primary],
      ['new address', secondary],
    ] as const) {
      expect(placesOf(haystack, code), `the ${step} code in the dApp page`).toEqual([])
    }
  })

  test('control: the same search finds a code put in the page: a field (while it holds it, and after), storage, messages', async ({
    page,
    stack,
  }) => {
    await recordDom(page)
    const code = '493817'
    await page.goto(stack.dappUrl)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const field = dialog(page).getByLabel('E-mail', { exact: true })
    await field.focus()
    // The frame loads on the field's focus; its port carries the messages from then on.
    await expect(page.locator('iframe')).toHaveCount(1)
    await page.waitForLoadState('networkidle')
    expect(placesOf(await pageHaystack(page), code), 'nothing before').toEqual([])

    // Typed into a field of the modal (its shadow root), as into the old code boxes.
    await field.pressSequentially(code)
    const places = async () => placesOf(await pageHaystack(page), code)
    await expect.poll(places).toEqual(['DOM now', 'DOM at any moment'])
    // Gone from the field again: only the recording of the DOM over time still has it.
    await field.fill('')
    await expect.poll(places).toEqual(['DOM at any moment'])

    await page.evaluate((secret) => {
      localStorage.setItem('draft', secret)
      sessionStorage.setItem('draft', JSON.stringify({ otp: secret }))
    }, code)
    await page.context().addCookies([{ name: 'otp', value: code, url: stack.dappUrl }])
    await page.evaluate(
      (secret) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('dapp-drafts')
          open.onupgradeneeded = () => open.result.createObjectStore('codes', { autoIncrement: true })
          open.onsuccess = () => {
            const tx = open.result.transaction('codes', 'readwrite')
            tx.objectStore('codes').add({ otp: secret })
            tx.oncomplete = () => resolve()
            tx.onerror = () => reject(tx.error)
          }
        }),
      code,
    )
    expect(await places()).toEqual(
      expect.arrayContaining(['localStorage', 'sessionStorage', 'IndexedDB', 'cookies']),
    )

    // Posted to the frame as the old CONNECT_OTP did, and a message carrying it received by the page.
    await page.evaluate(
      ({ secret, frameOrigin }) => {
        const iframe = document.querySelector('iframe')
        iframe?.contentWindow?.postMessage(
          { v: 1, type: 'CONNECT_OTP', params: { otp: secret } },
          frameOrigin,
        )
        const { port1, port2 } = new MessageChannel()
        port1.onmessage = () => {}
        port2.postMessage({ v: 1, result: { otp: secret } })
      },
      { secret: code, frameOrigin: stack.frameOrigin },
    )
    await expect.poll(places).toEqual(expect.arrayContaining(['messages sent', 'messages received']))
    expect((await places()).sort()).toEqual(EVERY_PLACE.filter((place) => place !== 'DOM now').sort())
  })
})
