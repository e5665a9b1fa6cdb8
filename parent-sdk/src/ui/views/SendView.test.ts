// @vitest-environment jsdom
// The Send view driven as a person does, against anvil and an injected wallet signing with a dev key.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import {
  type Anvil,
  announceWallet,
  createTestWallet,
  rpc,
  startAnvil,
  type TestWallet,
  WALLET_ADDRESS,
} from '../../../test/anvilWallet.ts'
import { shadow } from '../../../test/modal.ts'
import { createKeyframe, type Keyframe } from '../../core/createKeyframe.ts'
import { connectInjected } from '../../core/injectedConnect.ts'
import { RECEIVER_ERRORS } from '../../core/sendAddress.ts'

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

async function openSend(wallet: TestWallet = createTestWallet([anvil])) {
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [WALLET_ADDRESS, `0x${(3n * 10n ** 18n).toString(16)}`])
  stops.push(announceWallet(wallet, { name: 'Test Wallet', rdns: 'io.test' }))
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [
      {
        id: 31337,
        name: 'Keyframe Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        blockExplorers: { default: { name: 'Localscan', url: 'https://scan.example' } },
      },
    ],
  })
  instances.push(kf)
  await connectInjected(kf, 'injected:io.test')
  await kf.open({ view: 'Account' })
  kf._internal.navigate('Send')
  await vi.waitFor(() => expect(shadow().querySelector('option')?.textContent).toBe('ETH (3.00)'))
  return kf
}

const input = (name: string) => shadow().querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const button = (name: string) =>
  [...shadow().querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement
const sendButton = () => button('Send')
const errorOf = (name: string) =>
  shadow().getElementById(input(name).getAttribute('aria-describedby')!)?.textContent
const text = (testId: string) => shadow().querySelector(`[data-testid="${testId}"]`)?.textContent

/** Types into a controlled input the way the browser reports it; `leave` moves focus away after. */
function type(name: string, value: string, leave = true) {
  const field = input(name)
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  if (leave) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
}

test('behavior: messages under the fields, and Send disabled while the form is invalid', async () => {
  await openSend()
  expect(sendButton().disabled).toBe(true)
  type('amount', '5')
  type('receiver', '0xabc')
  await vi.waitFor(() => expect(errorOf('amount')).toBe('Insufficient ETH balance'))
  expect(errorOf('receiver')).toBe(RECEIVER_ERRORS.eip155)
  expect(input('amount').getAttribute('aria-invalid')).toBe('true')
  expect(sendButton().disabled).toBe(true)

  type('amount', '0.5')
  type('receiver', RECEIVER)
  await vi.waitFor(() => expect(sendButton().disabled).toBe(false))
  expect(errorOf('amount')).toBe('')
  expect(errorOf('receiver')).toBe('')
  // The gas of SPEC §5 shown: the price per gas and the fee.
  await vi.waitFor(() => expect(text('kf-fee')).toMatch(/^Gas price[\d.]+ gweiNetwork fee0\.\d{6} ETH$/))
})

test("error: a wrong checksum is the field's error as it is typed, before Send, and nothing is sent", async () => {
  const wallet = createTestWallet([anvil])
  const methods: string[] = []
  const request = wallet.request
  wallet.request = (args) => {
    methods.push(args.method)
    return request(args)
  }
  await openSend(wallet)
  type('amount', '0.5')
  // Pasted, not yet left: a full-length address is checked at once.
  type('receiver', RECEIVER.replace('C44', 'c44'), false)
  await vi.waitFor(() => expect(errorOf('receiver')).toBe(RECEIVER_ERRORS.checksum))
  expect(input('receiver').getAttribute('aria-invalid')).toBe('true')
  expect(sendButton().disabled).toBe(true)
  shadow().querySelector('form')!.requestSubmit()
  await new Promise((resolve) => setTimeout(resolve, 400))
  expect(methods).not.toContain('eth_sendTransaction')
  expect(methods).not.toContain('eth_estimateGas')
})

test('default: a send stays in the modal — "Transaction started", the hash, the explorer link — until the person leaves', async () => {
  const kf = await openSend()
  const before = BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest'])) as string)
  type('amount', '0.25')
  type('receiver', RECEIVER)
  await vi.waitFor(() => expect(sendButton().disabled).toBe(false))
  sendButton().click()
  await vi.waitFor(() => expect(text('kf-send-hash')).toMatch(/^0x[0-9a-f]{64}$/))
  const hash = text('kf-send-hash')!
  const panel = shadow().querySelector('[data-testid="kf-send-started"]')!
  expect(panel.querySelector('h3')?.textContent).toBe('Transaction started')
  expect(shadow().activeElement).toBe(panel.querySelector('h3'))
  const link = panel.querySelector('a')!
  expect([link.textContent, link.href, link.rel]).toEqual([
    'View on Localscan',
    `https://scan.example/tx/${hash}`,
    'noopener noreferrer',
  ])
  expect(kf.getState()).toMatchObject({ open: true, view: 'Send' })
  expect(kf.getState().toast?.message).toBe('Transaction started')
  const after = async () =>
    BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [RECEIVER, 'latest'])) as string)
  await vi.waitFor(async () => expect((await after()) - before).toBe(250_000_000_000_000_000n))
  // Still there a while later; it goes when the person leaves it.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(text('kf-send-hash')).toBe(hash)
  button('Back to Account').click()
  await vi.waitFor(() => expect(kf.getState().view).toBe('Account'))
  kf._internal.navigate('Send')
  await vi.waitFor(() => expect(input('amount').value).toBe(''))
  expect(input('receiver').value).toBe('')
  expect(text('kf-send-hash')).toBeUndefined()
})

test('error: a declined send says so in the open modal, and the form keeps what was typed', async () => {
  const wallet = createTestWallet([anvil])
  wallet.approve.send = false
  const kf = await openSend(wallet)
  type('amount', '0.25')
  type('receiver', RECEIVER)
  await vi.waitFor(() => expect(sendButton().disabled).toBe(false))
  sendButton().click()
  await vi.waitFor(() => expect(text('kf-send-error')).toBe('Signature declined'))
  expect(kf.getState()).toMatchObject({ open: true, view: 'Send' })
  expect([input('amount').value, input('receiver').value]).toEqual(['0.25', RECEIVER])
  expect(sendButton().disabled).toBe(false)
})
