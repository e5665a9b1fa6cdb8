/**
 * Issue 13: a dApp that reads while a signature is on screen (net_version, as MetaMask's test dApp and many
 * libraries do on each chain check) must not disturb the signature. The reads are answered, methods the
 * wallet declines on purpose get their own error, and only a truly unknown method still runs spec §6's flow
 * (the modal on 'Action not allowed', every pending request rejected): the control.
 */
import { toHex, verifyMessage } from 'viem'
import { dialog, framePrompt } from '../support/email.ts'
import {
  approve,
  discoverKeyframe,
  isSettled,
  newWallet,
  outcomeOf,
  request,
  resultOf,
  startRequest,
} from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'
import { watchModalText } from '../support/modalText.ts'

// A login (scrypt in the frame, real mail) and an approval of ≥ 1 s.
test.describe.configure({ timeout: 90_000 })

test.describe('reads while a signature is on screen (issue 13)', () => {
  test('behavior: net_version and the other standard reads are answered; the signature waits, then resolves and recovers', async ({
    page,
    stack,
  }) => {
    const address = await newWallet(page, stack, 'reader')
    await discoverKeyframe(page)
    const sawRefusal = await watchModalText(page, 'Action not allowed')

    const message = 'Sign while the dApp reads'
    const signing = await startRequest(page, 'personal_sign', [toHex(message), address])
    await expect(dialog(page)).toBeVisible()
    await expect(framePrompt(page).getByText(message)).toBeVisible()

    // The reads a dApp makes meanwhile, each answered as a wallet answers it.
    expect(resultOf(await request(page, 'net_version'))).toBe('31337')
    expect(resultOf(await request(page, 'net_listening', []))).toBe(true)
    expect(resultOf(await request(page, 'web3_clientVersion'))).toBe('Keyframe/protocol-v1')
    // Addresses in lower case, as MetaMask gives them.
    expect(resultOf(await request(page, 'eth_coinbase'))).toBe(address.toLowerCase())
    expect(resultOf(await request(page, 'eth_chainId'))).toBe('0x7a69')
    // Proxied to the node (anvil): a read of the JSON-RPC spec the read set now holds.
    expect(resultOf(await request(page, 'eth_blobBaseFee'))).toMatch(/^0x[0-9a-f]+$/)
    // Declined on purpose: an error of its own, at once, naming the method.
    expect(await request(page, 'eth_subscribe', ['newHeads'])).toEqual({
      ok: false,
      code: -32601,
      message:
        'eth_subscribe is not supported over this transport: poll with eth_newFilter and eth_getFilterChanges',
    })
    expect(await request(page, 'eth_sign', [address, '0xdeadbeef'])).toMatchObject({
      ok: false,
      code: 4200,
      message: expect.stringMatching(/^eth_sign is not supported: /),
    })

    // The signature is still on screen, untouched.
    expect(await isSettled(page, signing)).toBe(false)
    await expect(framePrompt(page).getByText(message)).toBeVisible()
    await approve(page)
    const signature = resultOf(await outcomeOf(page, signing)) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    // personal_ecRecover, computed in the frame, names the signer.
    const recovered = resultOf(await request(page, 'personal_ecRecover', [toHex(message), signature]))
    expect(recovered).toBe(address.toLowerCase())
    await expect(dialog(page)).toBeHidden()
    expect(await sawRefusal(), "'Action not allowed' while the dApp read").toBe(false)
  })

  test('control: an unknown method while a signature is on screen still rejects it (spec §6), naming the method', async ({
    page,
    stack,
  }) => {
    const address = await newWallet(page, stack, 'unknown-reader')
    await discoverKeyframe(page)
    const signing = await startRequest(page, 'personal_sign', [toHex('Sign, then net_foo'), address])
    await expect(framePrompt(page).getByText('Sign, then net_foo')).toBeVisible()

    const unknown = await request(page, 'net_foo', [])
    expect(unknown).toEqual({ ok: false, code: 4200, message: 'Requested RPC call is not allowed: net_foo' })
    expect(await outcomeOf(page, signing)).toEqual({
      ok: false,
      code: 4200,
      message: 'Requested RPC call is not allowed: net_foo',
    })
    // The toast of spec §6 was raised. The modal, opened for the approval, closes with the aborted approval
    // at once, so the toast is read in the modal opened again within its 4 s.
    const sawRefusal = await watchModalText(page, 'Action not allowed')
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await expect(dialog(page).getByText('Action not allowed')).toBeVisible({ timeout: 3_000 })
    // The watcher the first test relies on sees it: its 'never shown' there is not vacuous.
    expect(await sawRefusal()).toBe(true)
  })
})
