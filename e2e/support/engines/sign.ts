/**
 * A dApp's `personal_sign` through the Keyframe wallet in another engine: the provider found by EIP-6963 as
 * a dApp finds it, the request started in the page, approved through the frame's popup, and its outcome.
 * @module
 */
import { type EngineDriver, evaluate, waitFor, waitForUsable, waitUntil } from './driver.ts'

/** What the request ended in, as the page saw it. */
export type SignOutcome =
  | { ok: true; signature: `0x${string}` }
  | { ok: false; code: unknown; message: string }

/** Starts `personal_sign` of `message` for `address` in the page; the outcome lands on `window.__kfSign`. */
export function startPersonalSign(driver: EngineDriver, message: string, address: string): Promise<void> {
  return evaluate(
    driver,
    'page',
    async ({ message, address }) => {
      type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> }
      const provider = await new Promise<Provider>((resolve, reject) => {
        const onAnnounce = (event: Event) => {
          const { detail } = event as CustomEvent<{ info: { rdns: string }; provider: Provider }>
          if (detail?.info?.rdns !== 'dev.keyframe') return
          window.removeEventListener('eip6963:announceProvider', onAnnounce)
          resolve(detail.provider)
        }
        window.addEventListener('eip6963:announceProvider', onAnnounce)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
        setTimeout(() => reject(new Error('No EIP-6963 announcement of dev.keyframe')), 2_000)
      })
      const hex = `0x${[...new TextEncoder().encode(message)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
      const state = window as unknown as { __kfSign?: unknown }
      state.__kfSign = undefined
      provider.request({ method: 'personal_sign', params: [hex, address] }).then(
        (signature) => {
          state.__kfSign = { ok: true, signature }
        },
        (error: { code?: unknown; message?: unknown }) => {
          state.__kfSign = { ok: false, code: error?.code, message: String(error?.message) }
        },
      )
    },
    { message, address },
  )
}

/** Waits for the request started by {@link startPersonalSign} to end. */
export function signOutcome(driver: EngineDriver, ms = 30_000): Promise<SignOutcome> {
  return waitUntil(
    () => evaluate(driver, 'page', () => (window as unknown as { __kfSign?: SignOutcome }).__kfSign, null),
    ms,
    'the outcome of personal_sign',
  )
}

export const REVIEW = { css: 'button', name: 'Review in a new window' }
export const APPROVE = { css: '[role="button"], button', name: 'Approve' }
export const REJECT = { css: 'button', name: 'Reject' }

/** In the frame, "Review in a new window"; resolves once the popup shows the request. */
export async function openPopup(driver: EngineDriver): Promise<void> {
  await waitFor(driver, 'frame', REVIEW, 20_000)
  await driver.click('frame', REVIEW)
  await waitUntil(() => driver.hasPopup(), 10_000, 'the approval popup to open')
  await waitFor(driver, 'popup', APPROVE, 10_000)
}

/** In the popup: waits for Approve to be usable (≥ 1 s on screen, focused) and presses it. */
export async function approveInPopup(driver: EngineDriver): Promise<void> {
  await waitForUsable(driver, 'popup', APPROVE, 15_000)
  // The popup closes itself once approved, at times before the driver's click command has returned (Firefox:
  // "BrowsingContext does no longer exist"). Such an error counts only while the window is still there; the
  // caller checks the outcome.
  await driver.click('popup', APPROVE).catch(async (error: unknown) => {
    const gone = await waitUntil(
      async () => !(await driver.hasPopup()),
      2_000,
      'the approved popup to close',
    ).then(
      () => true,
      () => false,
    )
    if (!gone) throw error
  })
}

/** Closes the popup as a person closing its window would (without a decision). */
export async function closePopup(driver: EngineDriver): Promise<void> {
  // The window goes while the command runs: some drivers answer with an error then.
  await driver.run('popup', 'void window.close()').catch(() => {})
  await waitUntil(async () => !(await driver.hasPopup()), 10_000, 'the approval popup to close')
}
