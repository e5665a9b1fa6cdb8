/**
 * The e-mail login on the demo dApp in another engine, as a person does it: Connect, the e-mail, the code
 * from the mail typed into the six boxes (wherever the UI draws them: the frame's prompt, with its Verify,
 * or the dApp's modal), a new recovery passphrase in the frame's prompt; then the dApp shows the account.
 * @module
 */
import type { EngineDriver, Where } from './driver.ts'
import { evaluate, findExpression, waitFor, waitUntil } from './driver.ts'

export type EngineLogin = {
  dappUrl: string
  email: string
  /** A new wallet's recovery passphrase (≥ 12 characters). */
  passphrase: string
  /** The code of the login mail, once it is sent. */
  code(): Promise<string>
}

const FIRST_BOX = { css: 'input', name: 'Digit 1 of 6' }

/** Where the six code boxes are: the frame once it draws them, else the dApp's modal. */
async function codeBoxes(driver: EngineDriver): Promise<Where> {
  return waitUntil(
    async () => {
      for (const where of ['frame', 'page'] as const) {
        const shown = await driver
          .run<boolean>(where, `${findExpression(FIRST_BOX)} !== null`)
          .catch(() => false)
        if (shown) return where
      }
      return undefined
    },
    15_000,
    'the code boxes',
  )
}

/** Logs a new person in on the demo dApp; returns the address the dApp shows. */
export async function logInByEmail(driver: EngineDriver, login: EngineLogin): Promise<`0x${string}`> {
  await driver.goto(login.dappUrl)
  const connect = { css: 'button', name: 'Connect' }
  await waitFor(driver, 'page', connect)
  await driver.click('page', connect)
  const email = { css: 'input', name: 'E-mail' }
  await waitFor(driver, 'page', email)
  await driver.type('page', email, login.email)
  await driver.click('page', { css: 'button', name: 'Continue' })

  const boxes = await codeBoxes(driver)
  await driver.type(boxes, FIRST_BOX, await login.code())
  // The frame's boxes submit with Verify (a full code does not submit itself); the modal's did on the sixth digit.
  const verify = { css: 'button', name: 'Verify' }
  if (await driver.run<boolean>(boxes, `${findExpression(verify)} !== null`))
    await driver.click(boxes, verify)

  const heading = { css: 'h1, h2', name: 'Create a recovery passphrase' }
  await waitFor(driver, 'frame', heading, 30_000)
  await driver.type('frame', { css: 'input', name: 'Passphrase' }, login.passphrase)
  await driver.type('frame', { css: 'input', name: 'Repeat passphrase' }, login.passphrase)
  await driver.click('frame', { css: 'button', name: 'Continue' })

  return waitUntil(
    () =>
      evaluate(
        driver,
        'page',
        () => {
          const status = document.querySelector('[data-testid="account-status"]')?.textContent
          const address = document.querySelector('[data-testid="account-address"]')?.textContent ?? ''
          return status === 'connected' && /^0x[0-9a-fA-F]{40}$/.test(address)
            ? (address as `0x${string}`)
            : undefined
        },
        null,
      ),
    30_000,
    'the dApp to show the account connected',
  )
}
