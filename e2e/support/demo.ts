/**
 * The demo dApp's EVM panel (examples/dapp/src/EvmPanel.tsx): one section per library, each with the same
 * buttons and an output that names what came back (`data-kind`) and its value (`data-value`).
 * @module
 */
import { expect, type Page } from '@playwright/test'

export type DemoLibrary = 'viem' | 'ethers' | 'wagmi'
export type DemoAction = 'Sign message' | 'Sign typed data' | 'Send ETH' | 'Send kUSD' | 'Switch chain'

export const librarySection = (page: Page, library: DemoLibrary) =>
  page.getByRole('region', { name: library })

/** Clicks one of a section's buttons. */
export async function runAction(page: Page, library: DemoLibrary, action: DemoAction): Promise<void> {
  await librarySection(page, library).getByRole('button', { name: action, exact: true }).click()
}

/**
 * Waits for the section's result and returns its value; fails with the error the page shows when the action
 * ended in one.
 */
export async function libraryResult(
  page: Page,
  library: DemoLibrary,
  kind: 'signature' | 'transaction' | 'chain',
): Promise<string> {
  const output = page.getByTestId(`${library}-result`)
  await expect(output).not.toHaveAttribute('data-kind', /^(pending|idle)$/, { timeout: 20_000 })
  const shown = await output.getAttribute('data-kind')
  expect(shown, `${library}: ${await output.textContent()}`).toBe(kind)
  return (await output.getAttribute('data-value')) ?? ''
}
