import {
  DEMO_ETH,
  DEMO_KUSD,
  DEMO_MESSAGE,
  DEMO_RECIPIENT,
  demoTypedData,
} from '@keyframe/example-dapp/demoData'
import { erc20Abi, formatUnits, parseEther, parseUnits, verifyMessage, verifyTypedData } from 'viem'
import { type DemoLibrary, libraryResult, runAction } from '../support/demo.ts'
import { approve, chainClient, devToken, newFundedWallet, newWallet } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { watchModalText } from '../support/modalText.ts'

// A login per library, and four approvals of ≥ 1 s each.
test.describe.configure({ timeout: 90_000 })

for (const library of ['viem', 'ethers', 'wagmi'] as const satisfies DemoLibrary[]) {
  test(`behavior: the demo's ${library} path signs, signs typed data, sends ETH and kUSD and switches chain with the embedded wallet`, async ({
    page,
    stack,
  }) => {
    const address = await newFundedWallet(page, stack, library)
    const chain = chainClient(stack, 31337)
    const kusd = devToken(stack, 'kUSD')

    // The first action connects the library (wagmi through Keyframe's connector, @keyframe/sdk/wagmi): nothing
    // asked on the way may be refused as an unknown method.
    const sawRefusal = await watchModalText(page, 'Action not allowed')
    await runAction(page, library, 'Sign message')
    await approve(page)
    const signature = (await libraryResult(page, library, 'signature')) as `0x${string}`
    expect(await verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
    expect(await sawRefusal(), "'Action not allowed' while connecting").toBe(false)

    await runAction(page, library, 'Sign typed data')
    await approve(page)
    const typed = (await libraryResult(page, library, 'signature')) as `0x${string}`
    expect(await verifyTypedData({ address, ...demoTypedData(31337), signature: typed })).toBe(true)

    const ethBefore = await chain.getBalance({ address: DEMO_RECIPIENT })
    await runAction(page, library, 'Send ETH')
    await approve(page)
    const ethTx = await chain.waitForTransactionReceipt({
      hash: (await libraryResult(page, library, 'transaction')) as `0x${string}`,
    })
    expect(ethTx.status).toBe('success')
    expect(ethTx.from).toBe(address.toLowerCase())
    expect(await chain.getBalance({ address: DEMO_RECIPIENT })).toBe(ethBefore + parseEther(DEMO_ETH))

    const kusdBalance = () =>
      chain.readContract({ address: kusd.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const kusdBefore = await kusdBalance()
    await runAction(page, library, 'Send kUSD')
    await approve(page)
    const kusdTx = await chain.waitForTransactionReceipt({
      hash: (await libraryResult(page, library, 'transaction')) as `0x${string}`,
    })
    expect(kusdTx.status).toBe('success')
    expect(await kusdBalance()).toBe(kusdBefore - parseUnits(DEMO_KUSD, kusd.decimals))

    await runAction(page, library, 'Switch chain')
    expect(await libraryResult(page, library, 'chain')).toBe('31338')
    await runAction(page, library, 'Switch chain')
    expect(await libraryResult(page, library, 'chain')).toBe('31337')
  })
}

test('behavior: Fund wallet gives the connected address ETH and kUSD on both chains', async ({
  page,
  stack,
}) => {
  const address = await newWallet(page, stack, 'faucet')
  const kusd = devToken(stack, 'kUSD')
  await page.getByRole('button', { name: 'Fund wallet', exact: true }).click()
  await expect(page.getByTestId('fund-result')).toHaveText('funded', { timeout: 15_000 })
  for (const chainId of [31337, 31338]) {
    const chain = chainClient(stack, chainId)
    expect(await chain.getBalance({ address })).toBe(parseEther('100'))
    const balance = await chain.readContract({
      address: kusd.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    expect(formatUnits(balance, kusd.decimals)).toBe('1000')
  }
})
