/**
 * Device-bound sessions (SECURITY.md §0 and §1), as a person and an attacker meet them. A returning visitor
 * signs after a reload with no code: the frame's device key signs the release of its auth share. The
 * session token alone — copied out of the frame's storage (plain-http localhost keeps a bearer token there)
 * into another browser — releases nothing and signs nothing there, while the same request signed by the
 * device key it is bound to (the control) gets the share.
 */
import type { Stack } from '@keyframe/devstack'
import { deviceProofMessage } from '@keyframe/protocol/frame-api/deviceProof'
import type { Frame, Page } from '@playwright/test'
import { getAddress, toHex, verifyMessage } from 'viem'
import {
  dialog,
  expectConnected,
  FRAME_TOKEN_KEY,
  frameOf,
  frameToken,
  logIn,
  mailsTo,
  uniqueEmail,
} from '../support/email.ts'
import { approve, discoverKeyframe, outcomeOf, request, resultOf, startRequest } from '../support/evm.ts'
import { expect, prepareContext, test } from '../support/fixtures.ts'

/** The factor window of share stores (15 min in production): the reload test waits past it. */
const FRESHNESS_MS = 5_000

// Operator recovery: the login needs no passphrase. The signature after the reload comes after the login's
// fresh factor has run out, so a release that still needed a mailed code would fail this test.
test.use({ stackOptions: { recoveryMode: 'operator', limits: { unlockFreshnessMs: FRESHNESS_MS } } })
test.describe.configure({ timeout: 90_000 })

/**
 * Asks for the session device's auth share from inside a frame document, with `token`, signed by `key`:
 * the device key this frame's storage holds (`'stored'`, the frame's own IndexedDB record) or a new
 * non-extractable P-256 key made there (`'new'`). The signed bytes are the protocol's.
 */
async function releaseFromFrame(frame: Frame, token: string, key: 'stored' | 'new'): Promise<number> {
  const { nonce, deviceId } = await frame.evaluate(async (token) => {
    const session = await (
      await fetch('/api/session', { headers: { authorization: `Bearer ${token}` } })
    ).json()
    const issued = await (await fetch('/api/auth/nonce', { method: 'POST' })).json()
    return { nonce: issued.nonce as string, deviceId: session.deviceId as string }
  }, token)
  const path = `/api/shares/device/${deviceId}`
  const bodySha256 = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array()))
  const message = [...deviceProofMessage({ method: 'GET', path, bodySha256, nonce })]
  return frame.evaluate(
    async ({ token, key, path, nonce, message }) => {
      let signingKey: CryptoKey
      if (key === 'stored') {
        signingKey = await new Promise<CryptoKey>((resolve, reject) => {
          const open = indexedDB.open('keyframe-wallet')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const get = open.result.transaction('device').objectStore('device').get('current')
            get.onerror = () => reject(get.error)
            get.onsuccess = () => resolve((get.result as { signingKey: CryptoKey }).signingKey)
          }
        })
      } else {
        const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
        signingKey = pair.privateKey
      }
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signingKey, new Uint8Array(message)),
      )
      const encoded = btoa(String.fromCharCode(...signature))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
      const res = await fetch(path, {
        headers: {
          authorization: `Bearer ${token}`,
          'keyframe-device-nonce': nonce,
          'keyframe-device-signature': encoded,
        },
      })
      return res.status
    },
    { token, key, path, nonce, message },
  )
}

async function loggedIn(page: Page, stack: Stack, label: string) {
  const email = uniqueEmail(label)
  const address = getAddress(
    await logIn(page, stack, { url: stack.dappUrl, email, passphrase: '', prompt: 'none' }),
  )
  return { email, address }
}

test.describe('device-bound sessions', () => {
  test('default: after a reload, personal_sign succeeds with no new mail and no prompt', async ({
    page,
    stack,
  }) => {
    const { email, address } = await loggedIn(page, stack, 'reload')
    const loggedInAt = Date.now()
    const mails = mailsTo(stack, email).length

    // A new page: the frame's memory (its auth-share cache) is empty; the session and device key survive.
    await page.reload()
    await expectConnected(page, email)
    await discoverKeyframe(page)
    await page.waitForTimeout(Math.max(0, loggedInAt + FRESHNESS_MS + 1_000 - Date.now()))
    const message = `Signed after a reload ${Date.now()}`
    const id = await startRequest(page, 'personal_sign', [toHex(message), address])
    await approve(page)
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    await expect(dialog(page)).toBeHidden()
    expect(mailsTo(stack, email)).toHaveLength(mails)
  })

  test('attack: the session token copied into another browser releases no share and signs nothing (control: the same request signed by the bound device key gets the share)', async ({
    page,
    stack,
    browser,
  }, testInfo) => {
    const { email, address } = await loggedIn(page, stack, 'stolen')
    const token = await frameToken(page, stack)
    if (!token) throw new Error('no session token in the frame')

    // Control: in the owner's browser, the stolen token with the device key it is bound to gets the share.
    expect(await releaseFromFrame(frameOf(page, stack), token, 'stored')).toBe(200)

    const other = await browser.newContext()
    await prepareContext(other, { workerIndex: testInfo.workerIndex, test: testInfo.titlePath.join(' › ') })
    try {
      const thief = await other.newPage()
      await thief.goto(stack.dappUrl)
      await thief.getByRole('button', { name: 'Ask the frame for its chain' }).click()
      await expect(thief.getByTestId('frame-chain')).toHaveText('eip155:31337')
      // The same request from the other browser, with a device key of its own: refused.
      expect(await releaseFromFrame(frameOf(thief, stack), token, 'new')).toBe(403)

      // The token planted in that browser's frame storage: the frame there cannot sign with it.
      await frameOf(thief, stack).evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [FRAME_TOKEN_KEY, token],
      )
      await thief.reload()
      await discoverKeyframe(thief)
      const outcome = await request(thief, 'personal_sign', [toHex('stolen'), address])
      expect(outcome.ok).toBe(false)
      expect(mailsTo(stack, email).filter((m) => !/login code/.test(m.subject))).toEqual([])
    } finally {
      await other.close()
    }
  })
})
