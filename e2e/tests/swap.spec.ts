/**
 * Swap (issue 15, build point 5) on the local stack, once with an e-mail login (the embedded wallet's in-frame
 * approval) and once with an injected wallet (its own prompt): fund from the faucet, open Swap from Account,
 * native → a dev ERC20, a quote as the amount is typed, the swap lands on the dev chain's Uniswap V2 pool and
 * both balances change on chain and in the Tokens tab. The injected run also swaps an ERC20 (approve, then
 * swap), works the form by keyboard, and sees 'Network not supported for Swaps' on the chain without a pool.
 * @module
 */
import { erc20Abi, formatUnits, getAddress, parseEther, parseUnits } from 'viem'
import { libraryResult, runAction } from '../support/demo.ts'
import { dialog, expectConnected, openModal } from '../support/email.ts'
import { approve, chainClient, devToken, newWallet, rejectButton } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'
import { checkLook, LOOKS, lookAt, setTheme } from '../support/looks.ts'
import {
  confirmSwap,
  expectSwapStarted,
  fillSwap,
  fundFromFaucet,
  openSwap,
  readSwapQuote,
  tokensTabQuantity,
} from '../support/wallet/swap.ts'

test.use({ reducedMotion: 'reduce' })

/** On-chain balances of `address` on the dev chain: ETH and the dev tokens, in base units. */
function balancesOf(stack: Parameters<typeof devToken>[0], address: `0x${string}`) {
  const chain = chainClient(stack, 31337)
  const token = (symbol: string) =>
    chain.readContract({
      address: devToken(stack, symbol).address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
  return async () => ({
    ETH: await chain.getBalance({ address }),
    KFT: await token('KFT'),
    kUSD: await token('kUSD'),
  })
}

/** The Tokens tab shows `symbol` as on chain (the tab truncates: within its last shown place). */
async function expectTokensTab(
  page: Parameters<typeof tokensTabQuantity>[0],
  symbol: string,
  onChain: number,
) {
  await expect
    .poll(async () => Math.abs(((await tokensTabQuantity(page, symbol)) ?? -1) - onChain), {
      timeout: 20_000,
    })
    .toBeLessThan(0.01)
}

test('behavior: with an e-mail login, ETH → kUSD is quoted as typed, refused (error in the open view, form kept) then approved in the frame, lands, and both balances change on chain and in the Tokens tab; a token approve survives a refused swap', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(120_000)
  const address = await newWallet(page, stack, 'swap')
  await fundFromFaucet(page)
  const balances = balancesOf(stack, address)
  const before = await balances()
  const kusd = devToken(stack, 'kUSD')

  // Typed key by key, faster than the quote's debounce: one quote, for the whole amount (0.1 and 0.12 were
  // amounts too, each worth a quote without the debounce).
  const quoted: (string | null)[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/v1/convert/quotes') quoted.push(url.searchParams.get('amount'))
  })
  await openSwap(page)
  await fillSwap(page, { from: 'ETH', to: 'kUSD', amount: '' })
  await dialog(page).getByLabel('You pay', { exact: true }).pressSequentially('0.125', { delay: 50 })
  const quote = await readSwapQuote(page)
  expect(quoted).toEqual([String(parseEther('0.125'))])
  // The dev pool holds 1000 ETH / 3,000,000 kUSD: 0.125 ETH buys a little under 375 kUSD (0.3 % fee).
  expect(Number(quote.receive)).toBeGreaterThan(373)
  expect(Number(quote.receive)).toBeLessThan(375)
  expect(quote.priceImpact).toMatch(/^0\.\d\d %$/)
  expect(quote.minimumReceived).toBe(
    `${(Math.floor(Number(quote.receive) * 0.99 * 1e6) / 1e6).toFixed(6).replace(/\.?0+$/, '')} kUSD`,
  )
  expect(quote.networkFee).toMatch(/^\d+(\.\d+)? ETH \((< )?\$\d+\.\d\d\)$/)
  expect(quote.action).toBe('Swap')
  await checkLook(page, testInfo, 'Swap, quoted (dark)')

  // Refused in the frame: the error shows in the open view, the form as typed; then accepted.
  await dialog(page).locator('button[type="submit"]').click()
  await rejectButton(page).click()
  await expect(dialog(page).getByRole('alert').filter({ hasText: 'Signature declined' })).toBeVisible()
  await expect(dialog(page).getByLabel('You pay', { exact: true })).toHaveValue('0.125')
  await expect(dialog(page).getByLabel('Token you receive', { exact: true })).toHaveValue(
    new RegExp(`:${kusd.address}$`, 'i'),
  )
  expect((await balances()).ETH).toBe(before.ETH)

  await confirmSwap(page, { embedded: true })
  await expect.poll(async () => (await balances()).kUSD, { timeout: 20_000 }).toBeGreaterThan(before.kUSD)
  const after = await balances()
  const bought = after.kUSD - before.kUSD
  // At least the minimum shown (1 % slippage); the ETH went, and a little more for gas.
  expect(bought).toBeGreaterThanOrEqual(parseUnits(quote.minimumReceived.split(' ')[0]!, kusd.decimals))
  expect(before.ETH - after.ETH).toBeGreaterThan(parseEther('0.125'))
  expect(before.ETH - after.ETH).toBeLessThan(parseEther('0.126'))
  await expectTokensTab(page, 'kUSD', Number(formatUnits(after.kUSD, kusd.decimals)))
  await expectTokensTab(page, 'ETH', Number(formatUnits(after.ETH, 18)))

  // kUSD → ETH needs its approve: approved in the frame, the swap refused; the approve stays, so the button says
  // Swap alone, and the second try asks for the swap only.
  await openSwap(page)
  await fillSwap(page, { from: 'kUSD', to: 'ETH', amount: '50' })
  expect((await readSwapQuote(page)).action).toBe('Approve kUSD and swap')
  await dialog(page).locator('button[type="submit"]').click()
  await approve(page)
  await rejectButton(page).click()
  await expect(dialog(page).getByRole('alert').filter({ hasText: 'Signature declined' })).toBeVisible()
  await expect(dialog(page).locator('button[type="submit"]')).toHaveText('Swap')
  await confirmSwap(page, { embedded: true })
  await expect
    .poll(async () => (await balances()).kUSD, { timeout: 20_000 })
    .toBe(after.kUSD - parseUnits('50', kusd.decimals))
})

test('behavior: with an injected wallet, ETH → KFT then KFT → kUSD (approve first), by keyboard, and no swaps on the chain without a pool', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(120_000)
  const wallet = await injectDevWallet(page, stack)
  await page.goto(stack.dappUrl)
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  wallet.acceptConnection()
  const address = getAddress(await expectConnected(page))
  await expect(dialog(page)).toBeHidden()
  await fundFromFaucet(page)
  const balances = balancesOf(stack, address)

  // ETH → KFT by keyboard: typed into the amount; Tab goes through both tokens and the switch; Enter swaps.
  let before = await balances()
  await openSwap(page)
  await fillSwap(page, { from: 'ETH', to: 'KFT', amount: '' })
  const amount = dialog(page).getByLabel('You pay', { exact: true })
  await amount.focus()
  await page.keyboard.type('0.05')
  await page.keyboard.press('Tab')
  await expect(dialog(page).getByLabel('Token you pay', { exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog(page).getByRole('button', { name: 'Switch tokens' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog(page).getByLabel('Token you receive', { exact: true })).toBeFocused()
  const quote = await readSwapQuote(page)
  expect(Number(quote.receive)).toBeGreaterThan(0)
  await amount.focus()
  await page.keyboard.press('Enter')
  await expectSwapStarted(page)
  await expect.poll(async () => (await balances()).KFT, { timeout: 20_000 }).toBeGreaterThan(before.KFT)
  expect(wallet.methods).toContain('eth_sendTransaction')

  // KFT → kUSD needs the router approved first: the button says so, the wallet gets the approve, then the swap.
  before = await balances()
  const kft = devToken(stack, 'KFT')
  const kusd = devToken(stack, 'kUSD')
  await openSwap(page)
  await fillSwap(page, { from: 'KFT', to: 'kUSD', amount: '10' })
  const tokenQuote = await readSwapQuote(page)
  expect(tokenQuote.action).toBe('Approve KFT and swap')
  await checkLook(page, testInfo, 'Swap, approve needed (dark)')
  await confirmSwap(page, { embedded: false })
  await expect.poll(async () => (await balances()).kUSD, { timeout: 20_000 }).toBeGreaterThan(before.kUSD)
  const after = await balances()
  expect(before.KFT - after.KFT).toBe(parseUnits('10', kft.decimals))
  expect(after.kUSD - before.kUSD).toBeGreaterThanOrEqual(
    parseUnits(tokenQuote.minimumReceived.split(' ')[0]!, kusd.decimals),
  )
  await expectTokensTab(page, 'KFT', Number(formatUnits(after.KFT, kft.decimals)))
  await expectTokensTab(page, 'kUSD', Number(formatUnits(after.kUSD, kusd.decimals)))

  // Light and phone screenshots of a quote, then the chain without Uniswap.
  await page.keyboard.press('Escape')
  await lookAt(page, testInfo, 'Swap, quoted', {
    looks: LOOKS.filter((look) => look.theme === 'light'),
    show: async () => {
      await openSwap(page)
      await fillSwap(page, { from: 'kUSD', to: 'ETH', amount: '25' })
      await readSwapQuote(page)
    },
    leave: () => page.keyboard.press('Escape'),
  })
  await setTheme(page, 'light')
  await runAction(page, 'viem', 'Switch chain')
  expect(await libraryResult(page, 'viem', 'chain')).toBe('31338')
  await openSwap(page)
  await expect(
    dialog(page).getByRole('alert').filter({ hasText: 'Network not supported for Swaps' }),
  ).toBeVisible()
  await expect(dialog(page).getByRole('button', { name: 'Switch network', exact: true })).toBeVisible()
  await checkLook(page, testInfo, 'Swap, unsupported network (light)')
})
