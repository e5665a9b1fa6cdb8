/**
 * The wallet methods dApps call to shape the wallet, end to end through the SDK's EIP-6963 provider, the
 * frame's approval screen and the frame server: wallet_watchAsset (the token kept for the account, then in
 * the Send view with its balance) and wallet_addEthereumChain (within the operator's policy; the switch and
 * a signature on the added chain), each rejected with 4001 too, and the new screens checked with axe-core
 * and photographed dark, light and on a phone.
 */

import { devTokenAbi, devTokenBytecode } from '@keyframe/dev-fixtures'
import { type Stack, startStack } from '@keyframe/devstack'
import type { Page, TestInfo } from '@playwright/test'
import { createWalletClient, getAddress, http, parseUnits, publicActions, toHex, verifyMessage } from 'viem'
import { stackLogFile } from '../support/artifacts.ts'
import { expectAccessible } from '../support/axe.ts'
import { dialog, frameOf, framePrompt } from '../support/email.ts'
import {
  approve,
  approveButton,
  approved,
  discoverKeyframe,
  newFundedWallet,
  newWallet,
  outcomeOf,
  readToTheEnd,
  rejectButton,
  request,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// A real login per test (scrypt in the frame) and approvals of ≥ 1 s each.
test.describe.configure({ timeout: 150_000 })
// Reduced motion: axe never measures a view half faded in.
test.use({ stackOptions: { addableChain: {} }, reducedMotion: 'reduce' })

/** anvil's dev account #0, unlocked: it holds the dev tokens it deployed. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** wallet_addEthereumChain's params as MetaMask's test dApp sends them, on `rpcUrl`. */
const addChainParams = (rpcUrl: string) => [
  {
    chainId: '0x53a',
    rpcUrls: [rpcUrl],
    chainName: 'Localhost 8546',
    nativeCurrency: { name: 'TEST', decimals: 18, symbol: 'TEST' },
    blockExplorerUrls: null,
  },
]

/**
 * The approval screen up now, with its details read to the end: photographed and checked with axe-core in
 * dark, on a phone and in light (the dApp's theme, synced to the frame), then back as it was.
 */
async function checkScreen(page: Page, stack: Stack, testInfo: TestInfo, view: string) {
  const viewport = page.viewportSize()!
  const themes = (mode: 'light' | 'dark') =>
    page.evaluate(
      (m) => (window as unknown as { keyframe: { setThemeMode(m: string): void } }).keyframe.setThemeMode(m),
      mode,
    )
  for (const { name, theme, size } of [
    { name: 'dark', theme: 'dark', size: viewport },
    { name: 'phone', theme: 'dark', size: { width: 375, height: 667 } },
    { name: 'light', theme: 'light', size: viewport },
  ] as const) {
    await page.setViewportSize(size)
    await themes(theme)
    await expect(frameOf(page, stack).locator(':root')).toHaveAttribute('data-theme', theme)
    await readToTheEnd(page)
    const file = `/tmp/d/shots/${view.replace(/\W+/g, '-')}-${name}.png`
    await testInfo.attach(`${view}, ${name}`, {
      body: await page.screenshot({ path: file }),
      contentType: 'image/png',
    })
    await expectAccessible(`${view} (${name})`, { page, frame: frameOf(page, stack) })
  }
  await page.setViewportSize(viewport)
  await themes('dark')
}

test('wallet_watchAsset: rejected gives 4001; approved, the token is in the Send view with its balance', async ({
  page,
  stack,
}, testInfo) => {
  const address = await newFundedWallet(page, stack, 'watch')
  await discoverKeyframe(page)
  // A token the dApp does not list, deployed for this test; 12.5 of it minted to the wallet.
  const chain = stack.chains[0]!
  const owner = createWalletClient({ account: DEV_ACCOUNT, transport: http(chain.rpcUrl) }).extend(
    publicActions,
  )
  const deployed = await owner.deployContract({
    abi: devTokenAbi,
    bytecode: devTokenBytecode,
    args: ['Watched Token', 'WTK', 18],
    chain: null,
  })
  const { contractAddress } = await owner.waitForTransactionReceipt({ hash: deployed })
  const token = { address: getAddress(contractAddress!) }
  await owner.waitForTransactionReceipt({
    hash: await owner.writeContract({
      address: token.address,
      abi: devTokenAbi,
      functionName: 'mint',
      args: [address, parseUnits('12.5', 18)],
      chain: null,
    }),
  })
  const params = {
    type: 'ERC20',
    options: {
      address: token.address,
      symbol: 'WTK',
      decimals: 18,
      image: 'https://metamask.github.io/x.svg',
    },
  }

  const rejected = await startRequest(page, 'wallet_watchAsset', params)
  const prompt = framePrompt(page)
  await expect(prompt.getByRole('heading', { name: 'Add token' })).toBeVisible({ timeout: 15_000 })
  await expect(prompt.getByText(token.address, { exact: true })).toBeVisible()
  await expect(prompt.getByText('Symbol and decimals as the token contract reports them.')).toBeVisible()
  await checkScreen(page, stack, testInfo, 'Add token')
  await rejectButton(page).click()
  expect(await outcomeOf(page, rejected)).toMatchObject({ ok: false, code: 4001 })

  // A page lying about the decimals is refused before anything is shown.
  const lying = await request(page, 'wallet_watchAsset', {
    ...params,
    options: { ...params.options, decimals: 6 },
  })
  expect(lying).toMatchObject({
    ok: false,
    code: -32602,
    message: expect.stringContaining('reports 18 decimals'),
  })

  expect(await approved(page, 'wallet_watchAsset', params)).toEqual({ ok: true, result: true })
  await expect(dialog(page)).toBeHidden()
  await page.getByRole('button', { name: 'Account', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  const option = dialog(page).locator(`option[value="${token.address}"]`)
  await expect(option).toHaveText('WTK (12.50)', { timeout: 15_000 })
})

test('wallet_addEthereumChain: rejected gives 4001; approved, the switch succeeds and the frame signs on it', async ({
  page,
  stack,
}, testInfo) => {
  const address = await newWallet(page, stack, 'chain')
  await discoverKeyframe(page)
  const added = stack.addableChain!
  expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x53a' }])).toMatchObject({
    ok: false,
    code: 4902,
  })
  // The same chain on an RPC origin the operator does not allow: refused, nothing to approve.
  const outside = await request(page, 'wallet_addEthereumChain', addChainParams('http://127.0.0.1:9/'))
  expect(outside).toMatchObject({
    ok: false,
    code: -32602,
    message: expect.stringContaining('cannot be added'),
  })

  const rejected = await startRequest(page, 'wallet_addEthereumChain', addChainParams(added.rpcUrl))
  const prompt = framePrompt(page)
  await expect(prompt.getByRole('heading', { name: 'Add network' })).toBeVisible({ timeout: 15_000 })
  await expect(prompt.getByText('1338 (0x53a)')).toBeVisible()
  await expect(prompt.getByText(new URL(added.rpcUrl).origin, { exact: true })).toBeVisible()
  await checkScreen(page, stack, testInfo, 'Add network')
  await rejectButton(page).click()
  expect(await outcomeOf(page, rejected)).toMatchObject({ ok: false, code: 4001 })

  expect(await approved(page, 'wallet_addEthereumChain', addChainParams(added.rpcUrl))).toEqual({
    ok: true,
    result: null,
  })
  expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x53a' }])).toEqual({
    ok: true,
    result: null,
  })
  expect(await request(page, 'eth_chainId')).toEqual({ ok: true, result: '0x53a' })
  // The modal names the added network, not 'Unknown Network'.
  await expect(dialog(page)).toBeHidden()

  const message = 'Signed on the added chain'
  const id = await startRequest(page, 'personal_sign', [toHex(message), address])
  await expect(prompt.getByText('Localhost 8546 (1338)')).toBeVisible({ timeout: 15_000 })
  await approve(page)
  const signed = await outcomeOf(page, id)
  expect(signed.ok).toBe(true)
  const signature = (signed as { result: `0x${string}` }).result
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  await expect(approveButton(page)).toBeHidden()
})

test('error: the same chain, its node running, is refused when the operator policy does not allow it (typed -32602)', async ({
  page,
}) => {
  // A stack of its own whose frame server's policy allows no added chain (the control is the test above).
  const strict = await startStack({
    addableChain: { allowed: false },
    logFile: stackLogFile(test.info().workerIndex),
  })
  try {
    await newWallet(page, strict, 'policy')
    await discoverKeyframe(page)
    const outcome = await request(
      page,
      'wallet_addEthereumChain',
      addChainParams(strict.addableChain!.rpcUrl),
    )
    expect(outcome).toEqual({
      ok: false,
      code: -32602,
      message: "Chain 1338 cannot be added: this wallet's operator allows none of its RPC URLs",
    })
    await expect(framePrompt(page).getByRole('heading', { name: 'Add network' })).toHaveCount(0)
    expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x53a' }])).toMatchObject({
      ok: false,
      code: 4902,
    })
  } finally {
    await strict.close()
  }
})
