/**
 * The Account view's Activity tab as a person uses it (issue 15, build point 2): open it, read its month
 * sections and rows. Also what a test needs around it: a payment to the wallet from another account (a
 * receive), and waiting until the stack's chain-api has indexed a transaction. Reused by the wallet journey
 * spec.
 * @module
 */
import { devClient } from '@keyframe/dev-fixtures'
import type { Stack } from '@keyframe/devstack'
import type { HistoryPage } from '@keyframe/protocol/chain-api/history'
import { expect, type Locator, type Page } from '@playwright/test'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog } from '../email.ts'
import { newFundedWallet } from '../evm.ts'
import { connectDevWallet } from '../injectedWallet.ts'

/** Anvil dev account #4 (unlocked in anvil): pays the wallets of these tests, nothing else uses it. */
export const PAYER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'

/** The tab's panel content. */
export const activityList = (page: Page) => dialog(page).getByTestId('kf-activity')

/** The month section headed `heading` ("November", "May 2025"). */
export const activitySection = (page: Page, heading: string) =>
  activityList(page).getByRole('region', { name: heading, exact: true })

/** The row of a transaction, found by what it says ("Sent", "0.012 ETH"). */
export const activityRow = (scope: Locator, title: string, amount: string) =>
  scope.getByTestId('kf-activity-row').filter({ hasText: title }).filter({ hasText: amount })

/** Presses the Account view's Activity tab and waits for its list (or its empty state). */
export async function openActivity(page: Page): Promise<void> {
  await dialog(page).getByRole('tab', { name: 'Activity', exact: true }).click()
  await expect(activityList(page)).toBeVisible()
  await expect(activityList(page).getByRole('status')).toHaveCount(0, { timeout: 15_000 })
}

/** The heading the list gives a transaction mined now: this month's name alone (the current year). */
export function thisMonth(now = new Date()): string {
  return now.toLocaleString('en', { month: 'long' })
}

/** `eth` ETH to `to` from {@link PAYER} on `chainId`, mined; returns the hash. */
export async function payWallet(
  stack: Stack,
  to: `0x${string}`,
  eth: string,
  chainId = 31337,
): Promise<`0x${string}`> {
  const chain = stack.chains.find((c) => c.chainId === chainId)!
  const client = devClient(chain, PAYER)
  const hash = await client.sendTransaction({
    account: PAYER,
    chain: client.chain,
    to,
    value: parseEther(eth),
  })
  await client.waitForTransactionReceipt({ hash })
  return hash
}

/**
 * Waits until the stack's chain-api lists every one of `hashes` in `address`'s history on `chainId` (its
 * indexer polls the chain every second); returns the page that listed them, as chain-api answers the dApp.
 */
export async function waitIndexed(
  stack: Stack,
  address: string,
  hashes: readonly string[],
  chainId = 31337,
): Promise<HistoryPage> {
  const url = new URL(`/v1/account/${address}/history`, stack.chainApiUrl)
  url.search = new URLSearchParams({
    projectId: stack.projectId,
    st: 'keyframe',
    sv: 'e2e',
    chainId: `eip155:${chainId}`,
  }).toString()
  let page: HistoryPage = { data: [], next: null }
  await expect
    .poll(
      async () => {
        const response = await fetch(url, { headers: { origin: stack.dappOrigin } })
        page = (await response.json()) as HistoryPage
        const listed = new Set(page.data.map((tx) => tx.metadata.hash.toLowerCase()))
        return hashes.filter((hash) => !listed.has(hash.toLowerCase()))
      },
      { timeout: 30_000, message: 'transactions not yet indexed by chain-api' },
    )
    .toEqual([])
  return page
}

/**
 * Connects the person's wallet on the demo and funds it from the faucet (ETH, tokens, a Keyframe NFT and a
 * spam NFT): a new e-mail login (the embedded wallet) or the injected test wallet with a new key, so the
 * account's history is this test's alone; returns the address.
 */
export async function connectFunded(
  page: Page,
  stack: Stack,
  wallet: 'embedded' | 'injected',
  label: string,
): Promise<`0x${string}`> {
  if (wallet === 'embedded') return newFundedWallet(page, stack, label)
  const key = generatePrivateKey()
  await connectDevWallet(page, stack, key)
  const { address } = privateKeyToAccount(key)
  await stack.fund(address)
  return address
}
