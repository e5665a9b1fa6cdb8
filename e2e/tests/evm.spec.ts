import { type Stack, startStack } from '@keyframe/devstack'
import { APPROVAL_VISIBLE_MS } from '@keyframe/protocol/core'
import {
  encodeFunctionData,
  erc20Abi,
  getTypesForEIP712Domain,
  parseEther,
  parseUnits,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { stackLogFile } from '../support/artifacts.ts'
import { dialog, framePrompt } from '../support/email.ts'
import {
  approve,
  approveButton,
  approved,
  approveTimes,
  CHAIN_HEX,
  chainChangedEvents,
  chainClient,
  devToken,
  discoverKeyframe,
  isSettled,
  newFundedWallet,
  outcomeOf,
  recordApproveButton,
  rejectButton,
  request,
  resultOf,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// Each test logs a new person in (scrypt in the frame, real mail) and waits ≥ 1 s per approval.
test.describe.configure({ timeout: 90_000 })

/** A fresh address that holds nothing on any chain. */
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/**
 * Typed data as a library sends it (JSON: the uint256 as a decimal string, the domain's type included) and
 * as viem verifies it.
 */
function typedData(chainId: number) {
  const domain = {
    name: 'Keyframe e2e',
    version: '1',
    chainId,
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  } as const
  const types = {
    Order: [
      { name: 'owner', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'note', type: 'string' },
    ],
  } as const
  const message = { owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', note: 'e2e order' } as const
  return {
    json: JSON.stringify({
      domain,
      types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types },
      primaryType: 'Order',
      message: { ...message, amount: '1500000' },
    }),
    verify: { domain, types, primaryType: 'Order', message: { ...message, amount: 1_500_000n } } as const,
  }
}

test.describe('EVM through the embedded wallet (after an e-mail login, anvil chains)', () => {
  test('behavior: personal_sign and eth_signTypedData_v4, approved in the frame, verify against the address', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'signer')
    await discoverKeyframe(page)
    const accounts = resultOf(await request(page, 'eth_accounts')) as string[]
    // In lower case, as MetaMask gives it; the dApp's own view (viem) checksums it.
    expect(accounts).toEqual([address.toLowerCase()])

    const message = 'Sign in to the Keyframe e2e suite'
    const id = await startRequest(page, 'personal_sign', [toHex(message), address])
    // The modal opens on the unsafe request and shows the frame's approval screen with the text.
    await expect(dialog(page)).toBeVisible()
    await expect(framePrompt(page).getByText(message)).toBeVisible()
    await approve(page)
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    // Success closes the modal it opened.
    await expect(dialog(page)).toBeHidden()

    const data = typedData(31337)
    const typed = resultOf(
      await approved(page, 'eth_signTypedData_v4', [address, data.json]),
    ) as `0x${string}`
    expect(await verifyTypedData({ address, ...data.verify, signature: typed })).toBe(true)
  })

  test('behavior: an ETH send and a kUSD transfer land on anvil and move the balances', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'sender')
    await discoverKeyframe(page)
    const chain = chainClient(stack, 31337)
    const kusd = devToken(stack, 'kUSD')
    const to = freshAddress()
    const balanceOf = (owner: `0x${string}`) =>
      chain.readContract({ address: kusd.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

    const ethBefore = await chain.getBalance({ address })
    const value = parseEther('0.25')
    const hash = resultOf(
      await approved(page, 'eth_sendTransaction', [{ from: address, to, value: toHex(value) }]),
    ) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: to })).toBe(value)
    expect(await chain.getBalance({ address })).toBe(
      ethBefore - value - receipt.gasUsed * receipt.effectiveGasPrice,
    )

    const kusdBefore = await balanceOf(address)
    const amount = parseUnits('12.5', kusd.decimals)
    const id = await startRequest(page, 'eth_sendTransaction', [
      {
        from: address,
        to: kusd.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      },
    ])
    // The approval screen reads the transfer in token units.
    await expect(framePrompt(page).getByText('12.5 kUSD')).toBeVisible()
    await approve(page)
    const transfer = await chain.waitForTransactionReceipt({
      hash: resultOf(await outcomeOf(page, id)) as `0x${string}`,
    })
    expect(transfer.status).toBe('success')
    expect(await balanceOf(to)).toBe(amount)
    expect(await balanceOf(address)).toBe(kusdBefore - amount)
  })

  test('behavior: switching 31337 → 31338 → 31337 fires chainChanged each time and sends go to the chain switched to', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'switcher')
    await discoverKeyframe(page)
    expect(resultOf(await request(page, 'eth_chainId'))).toBe(CHAIN_HEX[31337])

    expect(
      resultOf(await request(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_HEX[31338] }])),
    ).toBeNull()
    await expect.poll(() => chainChangedEvents(page)).toEqual([CHAIN_HEX[31338]])
    expect(resultOf(await request(page, 'eth_chainId'))).toBe(CHAIN_HEX[31338])

    // On 31338 a send lands on the second anvil, and the first one never sees it.
    const to = freshAddress()
    const hash = resultOf(
      await approved(page, 'eth_sendTransaction', [{ from: address, to, value: toHex(parseEther('1')) }]),
    ) as `0x${string}`
    expect((await chainClient(stack, 31338).waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await chainClient(stack, 31338).getBalance({ address: to })).toBe(parseEther('1'))
    expect(await chainClient(stack, 31337).getBalance({ address: to })).toBe(0n)

    expect(
      resultOf(await request(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_HEX[31337] }])),
    ).toBeNull()
    await expect.poll(() => chainChangedEvents(page)).toEqual([CHAIN_HEX[31338], CHAIN_HEX[31337]])
    expect(resultOf(await request(page, 'eth_chainId'))).toBe(CHAIN_HEX[31337])
  })

  test("behavior: an unknown method opens the modal with 'Action not allowed' and rejects with 4200", async ({
    page,
    stack,
  }) => {
    await newFundedWallet(page, stack, 'unknown')
    await discoverKeyframe(page)
    await expect(dialog(page)).toBeHidden()
    const outcome = await request(page, 'eth_foo', [])
    expect(outcome).toMatchObject({ ok: false, code: 4200 })
    await expect(dialog(page)).toBeVisible()
    await expect(page.getByText('Action not allowed')).toBeVisible()
  })

  test('behavior: Approve cannot be used before it has been on screen for 1000 ms; a synthetic click never approves', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'patient')
    await discoverKeyframe(page)
    await recordApproveButton(page, stack)
    const id = await startRequest(page, 'personal_sign', [toHex('not so fast'), address])

    const button = approveButton(page)
    await expect(button).toBeVisible()
    await expect(button).toBeDisabled()
    // A real click the moment it shows does nothing.
    await button.click({ force: true })
    await page.waitForTimeout(300)
    expect(await isSettled(page, id)).toBe(false)

    await expect(button).toBeEnabled({ timeout: 10_000 })
    const times = await approveTimes(page, stack)
    expect(times.inView, 'the button came into view').toBeDefined()
    expect(times.enabled! - times.inView!, 'ms from in view to enabled').toBeGreaterThanOrEqual(
      APPROVAL_VISIBLE_MS,
    )

    // Enabled, a click the page scripts (untrusted) still does not approve…
    await button.dispatchEvent('click')
    await page.waitForTimeout(300)
    expect(await isSettled(page, id)).toBe(false)
    // …a person's click does.
    await button.click()
    const signature = resultOf(await outcomeOf(page, id)) as `0x${string}`
    expect(await verifyMessage({ address, message: 'not so fast', signature })).toBe(true)
  })

  test('behavior: Reject in the frame rejects the request with 4001 and closes the modal', async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, 'refuser')
    await discoverKeyframe(page)
    const id = await startRequest(page, 'eth_sendTransaction', [
      { from: address, to: freshAddress(), value: toHex(parseEther('1')) },
    ])
    await expect(rejectButton(page)).toBeVisible()
    await rejectButton(page).click()
    expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
    await expect(dialog(page)).toBeHidden()
    expect(await chainClient(stack, 31337).getTransactionCount({ address })).toBe(0)
  })
})

test.describe('EVM: an approval nobody gives (a stack whose approvals time out after 3 s)', () => {
  let short: Stack
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's hook signature
  test.beforeAll(async ({}, workerInfo) => {
    short = await startStack({
      approvalTimeoutMs: 3_000,
      logFile: stackLogFile(workerInfo.workerIndex, 'approval-timeout'),
    })
  })
  test.afterAll(async () => {
    await short?.close()
  })

  test('behavior: an unsafe request left unapproved ends in 4001 when the approval times out', async ({
    page,
  }) => {
    const address = await newFundedWallet(page, short, 'idle')
    await discoverKeyframe(page)
    const started = Date.now()
    const id = await startRequest(page, 'personal_sign', [toHex('nobody will approve this'), address])
    await expect(approveButton(page)).toBeEnabled()
    expect(await outcomeOf(page, id)).toMatchObject({ ok: false, code: 4001 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000)
    await expect(dialog(page)).toBeHidden()
  })
})
