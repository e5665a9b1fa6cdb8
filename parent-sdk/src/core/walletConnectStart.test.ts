// @vitest-environment jsdom
import { expect, test } from 'vitest'
import { CONNECTED_CONNECTOR_KEY } from './connectedConnector.ts'
import { createKeyframe, type KeyframeOptions } from './createKeyframe.ts'
import { ConfigError } from './errors.ts'
import { createMemoryStorage } from './loginCache.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
  announceProvider: false,
}

test('default: no walletConnect option, no WalletConnect (the Connect view offers none)', () => {
  expect(createKeyframe(options)._internal.walletConnect).toBeUndefined()
})

test("parameters: the relay's ws(s) URL; the wallet app sees the option's metadata, else the dApp's", () => {
  const metadata = { name: 'Demo', url: 'https://demo.example', icons: [] }
  expect(
    createKeyframe({ ...options, walletConnect: { relayUrl: 'ws://127.0.0.1:8555' } })._internal
      .walletConnect,
  ).toEqual({
    relayUrl: 'ws://127.0.0.1:8555',
    metadata: undefined,
  })
  expect(
    createKeyframe({ ...options, metadata, walletConnect: { relayUrl: 'wss://relay.example' } })._internal
      .walletConnect?.metadata,
  ).toEqual(metadata)
  const own = { ...metadata, name: 'Demo for wallets' }
  expect(
    createKeyframe({
      ...options,
      metadata,
      walletConnect: { relayUrl: 'wss://relay.example', metadata: own },
    })._internal.walletConnect?.metadata,
  ).toEqual(own)
})

test('error: a relay URL that is not ws(s) is a ConfigError naming the option', () => {
  for (const relayUrl of ['https://relay.example', 'relay.example', '', undefined]) {
    const make = () => createKeyframe({ ...options, walletConnect: { relayUrl } as { relayUrl: string } })
    expect(make, String(relayUrl)).toThrow(ConfigError)
    expect(make, String(relayUrl)).toThrow(
      '`walletConnect.relayUrl` must be the ws(s) URL of a WalletConnect relay',
    )
  }
})

test('behavior: WalletConnect stored as the last connector but no longer configured: the id is dropped, nothing loads', () => {
  const storage = createMemoryStorage()
  storage.setItem(CONNECTED_CONNECTOR_KEY, JSON.stringify({ eip155: 'walletConnect' }))
  const kf = createKeyframe({ ...options, storage })
  expect(storage.getItem(CONNECTED_CONNECTOR_KEY)).toBeNull()
  expect(kf.getState().connections.eip155.status).toBe('disconnected')
  kf.destroy()
})
