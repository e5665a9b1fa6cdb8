import { DEMO_ETH, DEMO_MESSAGE, DEMO_RECIPIENT } from '@keyframe/example-dapp/demoData'
import { getAddress, parseEther, verifyMessage } from 'viem'
import { libraryResult, runAction } from '../support/demo.ts'
import { dialog, expectConnected, openModal } from '../support/email.ts'
import { chainClient } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { DEV_WALLET_ADDRESS, DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'

test.describe('an injected wallet (EIP-6963, an anvil dev key) through the modal', () => {
  test('behavior: it is listed on the Connect view, connects through ConnectingExternal, then signs and sends for the dApp', async ({
    page,
    stack,
  }) => {
    const wallet = await injectDevWallet(page, stack)
    await page.goto(stack.dappUrl)
    await openModal(page)
    await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()

    // The wallet asks its person; the modal says so until they accept.
    await expect(dialog(page)).toContainText(`Continue in ${DEV_WALLET_INFO.name}`)
    wallet.acceptConnection()
    expect(getAddress(await expectConnected(page))).toBe(DEV_WALLET_ADDRESS)
    await expect(dialog(page)).toBeHidden()

    // The dApp's viem path signs through the injected wallet (no Keyframe approval: the wallet is not ours).
    await runAction(page, 'viem', 'Sign message')
    const signature = (await libraryResult(page, 'viem', 'signature')) as `0x${string}`
    expect(await verifyMessage({ address: DEV_WALLET_ADDRESS, message: DEMO_MESSAGE, signature })).toBe(true)
    expect(wallet.methods).toContain('personal_sign')

    const chain = chainClient(stack, 31337)
    const before = await chain.getBalance({ address: DEMO_RECIPIENT })
    await runAction(page, 'viem', 'Send ETH')
    const hash = (await libraryResult(page, 'viem', 'transaction')) as `0x${string}`
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(DEV_WALLET_ADDRESS)
    expect(await chain.getBalance({ address: DEMO_RECIPIENT })).toBe(before + parseEther(DEMO_ETH))
    expect(wallet.methods).toContain('eth_sendTransaction')
  })
})
