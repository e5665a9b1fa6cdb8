// @vitest-environment ./src/ui/account/activity/testing/jsdomWithServers.ts
/** @jsxImportSource preact */
import { createHash } from 'node:crypto'
import { catalogueModule } from '@keyframe/chain-api/modules/catalogue'
import { startTestChainApi, TEST_PROJECT, type TestChainApi } from '@keyframe/chain-api/testing'
import { render } from 'preact'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../../../core/createKeyframe.ts'
import { installDom } from '../../account/activity/testing/domGlobals.ts'
import { ConnectView } from '../../views/ConnectView.tsx'

/** A catalogue id: SHA-256 of the wallet's rdns, or of its name when it has none. */
const idOf = (rdnsOrName: string) => createHash('sha256').update(rdnsOrName).digest('hex')

// A real chain-api on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let api: TestChainApi
let removeDom: () => void
const instances: Keyframe[] = []

beforeAll(async () => {
  removeDom = installDom()
  api = await startTestChainApi({ modules: [catalogueModule] })
}, 60_000)
afterAll(async () => {
  await api.close()
  removeDom()
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  document.body.innerHTML = ''
})

/** The Connect view of an instance with WalletConnect and the catalogue; returns the wallet list's names. */
function connectView(options: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({
    projectId: TEST_PROJECT.id,
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Keyframe Local' }],
    chainApiUrl: api.url,
    announceProvider: false,
    storage: null,
    walletConnect: { relayUrl: 'ws://127.0.0.1:9' },
    connectMethods: ['wallet'],
    ...options,
  })
  instances.push(kf)
  const container = document.createElement('div')
  document.body.append(container)
  render(<ConnectView kf={kf} />, container)
  return () => [...container.querySelectorAll('ul[aria-label="Wallets"] > li')].map((li) => li.textContent)
}

test('default: WalletConnect alone — the recommended wallets lead All wallets, not Connect (open() budget)', async () => {
  const names = connectView()
  await vi.waitFor(() => expect(names()).toEqual(['WalletConnect']))
  // Given time to fetch, nothing more comes.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(names()).toEqual(['WalletConnect'])
})

test('parameters: featured in the given order, then custom wallets', async () => {
  const names = connectView({
    featuredWalletIds: [idOf('Safe'), idOf('io.metamask')],
    customWallets: [{ id: 'acme', name: 'Acme Wallet', mobileLink: 'acme://' }],
  })
  await vi.waitFor(() => expect(names()).toEqual(['WalletConnect', 'Safe', 'MetaMask', 'Acme Wallet']))
})

test('behavior: without walletConnect, no WalletConnect entry and no catalogue wallets (they could not connect)', async () => {
  const names = connectView({ walletConnect: undefined, featuredWalletIds: [idOf('Safe')] })
  // Given time to fetch, nothing comes: the catalogue part is not even loaded.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(names()).toEqual([])
})
