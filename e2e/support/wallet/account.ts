/**
 * The Account view as a person uses it (issue 15, build point 2), for the account spec and the wallet
 * journey: open it, read its header, press its tabs, read a Tokens row or the NFTs shown. Also what a test
 * needs around it: waiting until the stack's chain-api has indexed the NFTs the faucet minted.
 * @module
 */
import type { Stack } from '@keyframe/devstack'
import type { NftList } from '@keyframe/protocol/chain-api/nfts'
import { expect, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'

export type AccountTab = 'Tokens' | 'NFTs' | 'Activity'

/** The tab named `name` in the Account view's tablist. */
export const accountTab = (page: Page, name: AccountTab) =>
  dialog(page).getByRole('tab', { name, exact: true })

/** The panel of the selected tab. */
export const accountPanel = (page: Page) => dialog(page).getByRole('tabpanel')

/** The header's native balance (`100.00 ETH`) and its USD value (`$300,000.00`). */
export const headerBalance = (page: Page) => dialog(page).getByTestId('kf-balance')

/** Opens the modal on Account (connected) and waits for the header's balance to be read. */
export async function openAccount(page: Page): Promise<void> {
  await openModal(page)
  await expect(dialog(page).getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
  await expect(headerBalance(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 })
}

/** Presses an Account tab and waits for it to be the selected one. */
export async function openTab(page: Page, name: AccountTab): Promise<void> {
  await accountTab(page, name).click()
  await expect(accountTab(page, name)).toHaveAttribute('aria-selected', 'true')
}

/** The Tokens tab's row of `symbol`. */
export const tokenRow = (page: Page, symbol: string) =>
  accountPanel(page).locator(`li[data-symbol="${symbol}"]`)

/** What the Tokens tab shows of `symbol`: its name, quantity (`1000.00 KFT`) and USD value (`$2,000.00`). */
export async function readTokenRow(
  page: Page,
  symbol: string,
): Promise<{ name: string; quantity: string; usd: string }> {
  await openTab(page, 'Tokens')
  const row = tokenRow(page, symbol)
  await expect(row).toBeVisible({ timeout: 15_000 })
  const text = async (selector: string) => ((await row.locator(selector).textContent()) ?? '').trim()
  return {
    name: await text('.kf-token-name'),
    quantity: await text('.kf-token-quantity'),
    usd: await text('.kf-token-usd'),
  }
}

/** The NFTs tab's items, by name (`Keyframe NFT #4`), once it has read them. */
export async function shownNfts(page: Page): Promise<string[]> {
  await openTab(page, 'NFTs')
  await expect(accountPanel(page).getByRole('status')).toHaveCount(0, { timeout: 15_000 })
  return accountPanel(page).locator('.kf-nft-name').allTextContents()
}

/** The stack's chain-api answer for the NFTs of `address` on `chainId` (spam ones included, flagged). */
export async function indexedNfts(stack: Stack, address: string, chainId = 31337): Promise<NftList['nfts']> {
  const url = new URL(`/v1/account/${address}/nfts`, stack.chainApiUrl)
  for (const [key, value] of Object.entries({
    projectId: stack.projectId,
    st: 'e2e',
    sv: '0',
    chainId: `eip155:${chainId}`,
  }))
    url.searchParams.set(key, value)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url.pathname}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as NftList).nfts
}

/** Waits until chain-api's index holds at least `count` NFTs of `address` (the faucet mints two per chain). */
export async function waitForIndexedNfts(stack: Stack, address: string, count = 2): Promise<NftList['nfts']> {
  let nfts: NftList['nfts'] = []
  await expect
    .poll(
      async () => {
        nfts = await indexedNfts(stack, address)
        return nfts.length
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return nfts
}
