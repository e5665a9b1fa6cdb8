// @vitest-environment jsdom
// RegisterAccountName driven as a person does, against a real chain-api (names module) over anvil, with an
// injected wallet signing with a dev key (anvil's own personal_sign).
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import {
  type Anvil,
  announceWallet,
  createTestWallet,
  startAnvil,
  WALLET_ADDRESS,
} from '../../../../test/anvilWallet.ts'
import { shadow, view } from '../../../../test/modal.ts'
import { type ChainApi, createChainApi } from '../../../api/createChainApi.ts'
import { lookupName } from '../../../api/lookupName.ts'
import { registerName } from '../../../api/registerName.ts'
import { createKeyframe, type Keyframe } from '../../../core/createKeyframe.ts'
import { connectInjected } from '../../../core/injectedConnect.ts'
import { readProfileName } from '../../account/profileName.ts'

vi.setConfig({ testTimeout: 30_000 })

const PROJECT_ID = 'names-test'
const RULE = 'Name must be at least 4 characters and use only letters, digits and hyphens'
/** jsdom's document origin, which the modal's calls come from. */
const PAGE_ORIGIN = 'http://localhost:3000'

/** The repository's chain-api package, found from where the tests run (the repository or parent-sdk). */
function chainApiDir(): string {
  for (let dir = process.cwd(); dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, 'chain-api/src/main.ts'))) return join(dir, 'chain-api')
  throw new Error('chain-api/src/main.ts not found above the working directory')
}

/**
 * chain-api from its sources in a process of its own (a DOM test cannot load the server's modules), in
 * memory-backed PGlite under a temporary directory, over the anvil chain.
 */
async function startChainApi(rpcUrl: string): Promise<{ url: string; close(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-names-'))
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@keyframe/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: chainApiDir(),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        PGLITE_DIR: dir,
        CHAINS: JSON.stringify([
          {
            id: 31337,
            name: 'Keyframe Local',
            rpcUrl,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ]),
        PROJECTS: JSON.stringify([{ id: PROJECT_ID, allowedOrigins: [PAGE_ORIGIN] }]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const close = () => {
    child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const ready = /Keyframe chain-api on (http:\/\/\S+)/.exec(output)
      if (ready) resolve(ready[1]!)
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.once('exit', (code) => reject(new Error(`chain-api exited (${code}): ${output}`)))
  })
  return { url, close }
}

let anvil: Anvil
let chainApi: { url: string; close(): void }
/** The test's own client: "someone else" registering, and reading the registry. */
let api: ChainApi
const instances: Keyframe[] = []
const stops: (() => void)[] = []

beforeAll(async () => {
  anvil = await startAnvil(31337)
  chainApi = await startChainApi(anvil.rpcUrl)
  api = createChainApi({ baseUrl: chainApi.url, projectId: PROJECT_ID })
}, 120_000)
afterAll(async () => {
  chainApi?.close()
  await anvil?.close()
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  document.body.innerHTML = ''
})

/** A label no other test registers. */
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`

/** Connects the injected test wallet (`decline`: it refuses personal_sign) and opens RegisterAccountName. */
async function openRegister(options: { decline?: boolean } = {}) {
  const wallet = createTestWallet([anvil])
  const signs: unknown[][] = []
  const provider = {
    ...wallet,
    async request(args: { method: string; params?: unknown[] }) {
      if (args.method === 'personal_sign') {
        signs.push(args.params ?? [])
        if (options.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      }
      return wallet.request(args as never)
    },
  }
  stops.push(announceWallet(provider, { name: 'Test Wallet', rdns: 'io.test' }))
  const kf = createKeyframe({
    projectId: PROJECT_ID,
    frameUrl: 'http://localhost:5174/frame',
    chainApiUrl: chainApi.url,
    networks: [
      { id: 31337, name: 'Keyframe Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ],
  })
  instances.push(kf)
  await connectInjected(kf, 'injected:io.test')
  await kf.open({ view: 'Account' })
  kf._internal.navigate('RegisterAccountName')
  await vi.waitFor(() => expect(field()).toBeTruthy())
  return { kf, signs }
}

const field = () => shadow().querySelector<HTMLInputElement>('input[name="name"]')
const button = (text: string) =>
  [...shadow().querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement
const described = (n: number) =>
  shadow().getElementById(field()!.getAttribute('aria-describedby')!.split(' ')[n]!)?.textContent

function type(value: string) {
  const input = field()!
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

test('behavior: a short name or a space is a field error as typed, and Register stays disabled', async () => {
  await openRegister()
  type('bob')
  await vi.waitFor(() => expect(described(0)).toBe(RULE))
  expect(field()!.getAttribute('aria-invalid')).toBe('true')
  expect(button('Register').disabled).toBe(true)
  type('bob smith')
  await vi.waitFor(() => expect(field()!.value).toBe('bob smith'))
  expect(described(0)).toBe(RULE)
  expect(button('Register').disabled).toBe(true)
  // chain-api's free variants of what was typed are offered even so; picking one fills the field.
  await vi.waitFor(() => expect(button('bobsmith.keyframe.id')).toBeTruthy())
  button('bobsmith.keyframe.id').click()
  await vi.waitFor(() => expect(field()!.value).toBe('bobsmith'))
  await vi.waitFor(() => expect(described(1)).toBe('bobsmith.keyframe.id is available'))
  expect(described(0)).toBe('')
  expect(button('Register').disabled).toBe(false)
})

test('default: Register signs the message, registers it, shows the success view, and the name is the profile name', async () => {
  const { kf, signs } = await openRegister()
  const label = unique('ada')
  type(label)
  await vi.waitFor(() => expect(described(1)).toBe(`${label}.keyframe.id is available`))
  // The header would have read the profile name before: cached (5 min), and still right after registering.
  expect(await readProfileName(kf, WALLET_ADDRESS)).toBeNull()
  button('Register').click()
  expect(kf.getState().view).toBe('RegisterAccountNameSuccess')
  await vi.waitFor(() =>
    expect(shadow().querySelector('[data-testid="kf-registered-name"]')?.textContent).toBe(
      `${label}.keyframe.id`,
    ),
  )
  // personal_sign of the spec's message (name, attributes, timestamp in seconds), as hex, by the account.
  expect(signs).toHaveLength(1)
  const [hex, address] = signs[0] as [string, string]
  expect(address).toBe(WALLET_ADDRESS)
  const message = JSON.parse(Buffer.from(hex.slice(2), 'hex').toString('utf8'))
  expect(message).toEqual({ name: `${label}.keyframe.id`, attributes: {}, timestamp: expect.any(Number) })
  expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(60)
  expect(await readProfileName(kf, WALLET_ADDRESS)).toBe(`${label}.keyframe.id`)

  button('Back to account').click()
  await vi.waitFor(() => expect(view()).toBe('Account'))
})

test('error: a name taken meanwhile gives the server’s reason and the register view again, with the name', async () => {
  const { kf } = await openRegister()
  const label = unique('taken')
  type(label)
  await vi.waitFor(() => expect(button('Register').disabled).toBe(false))
  // Someone else registers it between the check and the press.
  const other = privateKeyToAccount(generatePrivateKey())
  await registerName(api, {
    name: label,
    address: other.address,
    chainId: 31337,
    signMessage: (message) => other.signMessage({ message }),
  })
  button('Register').click()
  await vi.waitFor(() => expect(view()).toBe('RegisterAccountName'))
  await vi.waitFor(() =>
    expect(kf.getState().toast?.message).toBe(`Name is already registered: ${label}.keyframe.id`),
  )
  await vi.waitFor(() => expect(field()!.value).toBe(label))
  expect(kf.getState().history).toEqual(['Account', 'RegisterAccountName'])
})

test('error: a declined signature says "Signature declined" and nothing is registered', async () => {
  const { kf, signs } = await openRegister({ decline: true })
  const label = unique('nope')
  type(label)
  await vi.waitFor(() => expect(button('Register').disabled).toBe(false))
  button('Register').click()
  await vi.waitFor(() => expect(kf.getState().toast?.message).toBe('Signature declined'))
  await vi.waitFor(() => expect(view()).toBe('RegisterAccountName'))
  expect(signs).toHaveLength(1)
  expect(await lookupName(api, { name: label })).toBeNull()
})
