// @vitest-environment jsdom
// The Send view driven as a person does, against anvil and an injected wallet signing with a dev key.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import {
  type Anvil,
  announceWallet,
  createTestWallet,
  rpc,
  startAnvil,
  WALLET_ADDRESS,
} from '../../../test/anvilWallet.ts'
import { shadow } from '../../../test/modal.ts'
import { createKeyframe, type Keyframe } from '../../core/createKeyframe.ts'
import { connectInjected } from '../../core/injected.ts'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
let anvil: Anvil
const instances: Keyframe[] = []
const stops: (() => void)[] = []

beforeAll(async () => {
  anvil = await startAnvil(31337)
}, 30_000)
afterAll(() => anvil?.close())
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  document.body.innerHTML = ''
})

async function openSend() {
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [WALLET_ADDRESS, `0x${(3n * 10n ** 18n).toString(16)}`])
  stops.push(announceWallet(createTestWallet([anvil]), { name: 'Test Wallet', rdns: 'io.test' }))
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [
      { id: 31337, name: 'Keyframe Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ],
  })
  instances.push(kf)
  await connectInjected(kf, 'injected:io.test')
  await kf.open({ view: 'Send' })
  await vi.waitFor(() => expect(shadow().querySelector('option')?.textContent).toBe('ETH (3.00)'))
  return kf
}

const input = (name: string) => shadow().querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const sendButton = () =>
  [...shadow().querySelectorAll('button')].find((b) => b.textContent === 'Send') as HTMLButtonElement
const errorOf = (name: string) =>
  shadow().getElementById(input(name).getAttribute('aria-describedby')!)?.textContent

/** Types into a React-controlled input the way the browser reports it. */
function type(name: string, value: string) {
  const field = input(name)
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
}

test('behavior: messages under the fields, and Send disabled while the form is invalid', async () => {
  await openSend()
  expect(sendButton().disabled).toBe(true)
  type('amount', '5')
  type('receiver', '0xabc')
  await vi.waitFor(() => expect(errorOf('amount')).toBe('Insufficient ETH balance'))
  expect(errorOf('receiver')).toBe('Please enter a valid receiver address')
  expect(input('amount').getAttribute('aria-invalid')).toBe('true')
  expect(sendButton().disabled).toBe(true)

  type('amount', '0.5')
  type('receiver', RECEIVER)
  await vi.waitFor(() => expect(sendButton().disabled).toBe(false))
  expect(errorOf('amount')).toBe('')
  expect(errorOf('receiver')).toBe('')
  await vi.waitFor(() =>
    expect(shadow().querySelector('[data-testid="kf-fee"]')?.textContent).toMatch(
      /^Estimated fee: 0\.\d{6} ETH$/,
    ),
  )
})

test('default: Send goes back to Account, the ETH lands, the toast says "Transaction started"', async () => {
  const kf = await openSend()
  const before = BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest'])) as string)
  type('amount', '0.25')
  type('receiver', RECEIVER)
  await vi.waitFor(() => expect(sendButton().disabled).toBe(false))
  sendButton().click()
  await vi.waitFor(() => expect(kf.getState().toast?.message).toBe('Transaction started'))
  expect(kf.getState().view).toBe('Account')
  const after = async () =>
    BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest'])) as string)
  await vi.waitFor(async () => expect((await after()) - before).toBe(250_000_000_000_000_000n))
  kf._internal.navigate('Send')
  await vi.waitFor(() => expect(input('amount').value).toBe(''))
  expect(input('receiver').value).toBe('')
})
