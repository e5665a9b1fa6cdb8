/**
 * The EVM side of the e2e suites: the Keyframe wallet found in the page through EIP-6963, as a dApp finds it,
 * requests made through it and their outcomes, the frame's approval screen, and the chains read from Node.
 * @module
 */
import type { Stack } from '@keyframe/devstack'
import { expect, type Page } from '@playwright/test'
import { createPublicClient, getAddress, http, type PublicClient } from 'viem'
import { frameOf, framePrompt, logIn, newPassphrase, uniqueEmail } from './email.ts'

/** The rdns the SDK announces its embedded wallet with (EIP-6963). */
export const KEYFRAME_RDNS = 'dev.keyframe'
/** The dev chains' ids as EIP-1193 gives them. */
export const CHAIN_HEX = { 31337: '0x7a69', 31338: '0x7a6a' } as const

/** What a request in the page ended in: its result, or the error's code and message. */
export type Outcome = { ok: true; result: unknown } | { ok: false; code: unknown; message: string }

/** What the page keeps on `window.__kf` (installed by {@link discoverKeyframe}). */
type PageState = {
  provider: {
    request(args: { method: string; params?: unknown }): Promise<unknown>
    on(event: string, listener: (value: unknown) => void): void
  }
  chainChanged: unknown[]
  requests: Record<string, { settled: boolean; outcome: Promise<Outcome> }>
  next: number
}

/**
 * Finds the Keyframe wallet in the page the way a dApp does (EIP-6963 request, announcement with our rdns),
 * keeps its provider on `window.__kf` and records every `chainChanged` it emits.
 */
export async function discoverKeyframe(page: Page): Promise<void> {
  await page.evaluate(async (rdns) => {
    type Detail = { info: { rdns: string }; provider: PageState['provider'] }
    const provider = await new Promise<PageState['provider']>((resolve, reject) => {
      const onAnnounce = (event: Event) => {
        const { detail } = event as CustomEvent<Detail>
        if (detail?.info?.rdns !== rdns) return
        window.removeEventListener('eip6963:announceProvider', onAnnounce)
        resolve(detail.provider)
      }
      window.addEventListener('eip6963:announceProvider', onAnnounce)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      setTimeout(() => reject(new Error(`No EIP-6963 announcement with rdns ${rdns}`)), 2_000)
    })
    const state: PageState = { provider, chainChanged: [], requests: {}, next: 0 }
    provider.on('chainChanged', (chainId) => state.chainChanged.push(chainId))
    Object.assign(window, { __kf: state })
  }, KEYFRAME_RDNS)
}

/** Starts `method` on the discovered provider without waiting for it; returns its handle. */
export function startRequest(page: Page, method: string, params?: unknown): Promise<string> {
  return page.evaluate(
    ({ method, params }) => {
      const state = (window as unknown as { __kf: PageState }).__kf
      const id = String(state.next++)
      const entry: PageState['requests'][string] = {
        settled: false,
        outcome: state.provider
          .request(params === undefined ? { method } : { method, params })
          .then(
            (result): Outcome => ({ ok: true, result }),
            (error: { code?: unknown; message?: unknown }): Outcome => ({
              ok: false,
              code: error?.code,
              message: String(error?.message),
            }),
          )
          .finally(() => {
            entry.settled = true
          }),
      }
      state.requests[id] = entry
      return id
    },
    { method, params },
  )
}

/** Whether the request has ended (resolved or rejected). */
export function isSettled(page: Page, id: string): Promise<boolean> {
  return page.evaluate((id) => (window as unknown as { __kf: PageState }).__kf.requests[id]!.settled, id)
}

/** Waits for the request's end. */
export function outcomeOf(page: Page, id: string): Promise<Outcome> {
  return page.evaluate((id) => (window as unknown as { __kf: PageState }).__kf.requests[id]!.outcome, id)
}

/** A request that needs no approval, awaited. */
export async function request(page: Page, method: string, params?: unknown): Promise<Outcome> {
  return outcomeOf(page, await startRequest(page, method, params))
}

/** Every `chainChanged` the provider emitted so far. */
export function chainChangedEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() => [...(window as unknown as { __kf: PageState }).__kf.chainChanged])
}

/** The result of a request that must succeed. */
export function resultOf(outcome: Outcome): unknown {
  if (!outcome.ok) throw new Error(`The request failed: ${String(outcome.code)} ${outcome.message}`)
  return outcome.result
}

export const approveButton = (page: Page) =>
  framePrompt(page).getByRole('button', { name: 'Approve', exact: true })
export const rejectButton = (page: Page) =>
  framePrompt(page).getByRole('button', { name: 'Reject', exact: true })

/** The approval screen's details, a scroll area of their own above the buttons. */
export const approvalDetails = (page: Page) =>
  framePrompt(page).getByRole('region', { name: 'Request details' })

/**
 * Brings the end of the approval screen's details into view, as a person reading them does: Approve waits
 * for it when they do not fit (`frame-app/web/approve/gate.ts`). Nothing happens when they fit.
 */
export async function readToTheEnd(page: Page): Promise<void> {
  await approvalDetails(page).evaluate((details) => details.scrollTo({ top: details.scrollHeight }))
}

/**
 * Waits until the frame's Approve button can be used (≥ 1 s on screen, the details read to their end), then
 * clicks it with the pointer.
 */
export async function approve(page: Page): Promise<void> {
  const button = approveButton(page)
  await readToTheEnd(page)
  await expect(button).toBeEnabled({ timeout: 15_000 })
  await button.click()
}

/** `request` for an unsafe method: started, approved in the frame, awaited. */
export async function approved(page: Page, method: string, params?: unknown): Promise<Outcome> {
  const id = await startRequest(page, method, params)
  await approve(page)
  return outcomeOf(page, id)
}

/** When the frame's Approve button was first fully in view and when it was first enabled (frame clock, ms). */
export type ApproveTimes = { inView?: number; enabled?: number }

/**
 * Starts recording, in the frame document, when the next Approve button comes fully into view (an
 * IntersectionObserver on it, ratio 1: on screen as a person sees it) and when it is first enabled.
 * Approve is a control with the role of a button, not necessarily a `<button>`: it is usable when it is
 * neither `disabled` nor `aria-disabled="true"` (`frame-app/web/approve/screen.ts`).
 */
export async function recordApproveButton(page: Page, stack: Stack): Promise<void> {
  await frameOf(page, stack).evaluate(() => {
    const times: ApproveTimes = {}
    Object.assign(window, { __approveTimes: times })
    let watched: HTMLElement | undefined
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.intersectionRatio >= 0.999) times.inView ??= entry.time
      },
      { threshold: [0.999, 1] },
    )
    const check = () => {
      const button = [...document.querySelectorAll<HTMLElement>('button, [role="button"]')].find(
        (b) => b.textContent?.trim() === 'Approve',
      )
      if (!button) return
      if (button !== watched) {
        watched = button
        inView.observe(button)
      }
      if (!button.matches(':disabled, [aria-disabled="true"]')) times.enabled ??= performance.now()
    }
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'aria-disabled', 'role'],
    })
  })
}

export function approveTimes(page: Page, stack: Stack): Promise<ApproveTimes> {
  return frameOf(page, stack).evaluate(() => ({
    ...(window as unknown as { __approveTimes: ApproveTimes }).__approveTimes,
  }))
}

/** A viem public client on a dev chain, from Node. */
export function chainClient(stack: Stack, chainId: number): PublicClient {
  const chain = stack.chains.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`The stack has no chain ${chainId}`)
  return createPublicClient({ transport: http(chain.rpcUrl) })
}

/** A dev token of the stack's first chain by symbol (the same address on every chain). */
export function devToken(stack: Stack, symbol: string) {
  const token = stack.chains[0]?.tokens.find((t) => t.symbol === symbol)
  if (!token) throw new Error(`The stack has no ${symbol}`)
  return token
}

/** A new person logged in by e-mail on the demo (a new wallet); returns the address. */
export async function newWallet(page: Page, stack: Stack, label: string): Promise<`0x${string}`> {
  const shown = await logIn(page, stack, {
    url: stack.dappUrl,
    email: uniqueEmail(label),
    passphrase: newPassphrase(),
    prompt: 'create',
  })
  return getAddress(shown)
}

/** {@link newWallet}, funded by the faucet from Node. */
export async function newFundedWallet(page: Page, stack: Stack, label: string): Promise<`0x${string}`> {
  const address = await newWallet(page, stack, label)
  await stack.fund(address)
  return address
}
