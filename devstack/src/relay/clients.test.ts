import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { type Relay, startRelay } from './startRelay.ts'

// The real clients, as the SDK (sign-client under universal-provider) and a wallet app (walletkit) run them.
// Their storage is in memory (nothing lands in the repository); each gets a storage prefix of its own, as
// two clients in one process must. Their `wc_proposeSession` / `wc_approveSession` go through the relay.

/** Anvil's account #0. */
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const CHAIN = 'eip155:31337'
const METADATA = { description: 'relay test', url: 'https://keyframe.invalid', icons: [] }

let relay: Relay
/** How far the relay's clock is ahead of the real one (moved to expire messages). */
let clockAhead = 0
const closers: (() => Promise<unknown>)[] = []
let clients = 0

beforeAll(async () => {
  relay = await startRelay({ now: () => Date.now() + clockAhead })
})
afterEach(async () => {
  clockAhead = 0
  await Promise.allSettled(closers.splice(0).map((close) => close()))
})
afterAll(() => relay.close())

const prefix = (role: string) => `keyframe-relay-test-${role}-${process.pid}-${++clients}`

async function startDapp() {
  const dapp = await SignClient.init({
    projectId: 'dev',
    relayUrl: relay.url,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: prefix('dapp'),
    storageOptions: { database: ':memory:' },
    metadata: { name: 'Relay test dApp', ...METADATA },
  })
  closers.push(() => dapp.core.relayer.transportClose())
  return dapp
}

/** A wallet that approves every proposal with anvil's account #0 and signs `personal_sign` requests. */
async function startWallet() {
  const core = new Core({
    projectId: 'dev',
    relayUrl: relay.url,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: prefix('wallet'),
    storageOptions: { database: ':memory:' },
  })
  const wallet = await WalletKit.init({ core, metadata: { name: 'Relay test wallet', ...METADATA } })
  closers.push(() => core.relayer.transportClose())
  const proposals: WalletKitTypes.SessionProposal[] = []
  wallet.on('session_proposal', (proposal) => {
    proposals.push(proposal)
    void wallet.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: {
          chains: [CHAIN],
          methods: ['personal_sign'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: [`${CHAIN}:${account.address}`],
        },
      },
    })
  })
  wallet.on('session_request', async ({ id, topic, params }) => {
    const [message] = params.request.params as [`0x${string}`]
    const result = await account.signMessage({ message: { raw: message } })
    await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
  })
  return { wallet, proposals }
}

/**
 * Proposes a session; `session` settles when the wallet approved. (sign-client's `approval()` must be waiting
 * before the approval arrives, or it only settles at the proposal's expiry: it is called at once here.)
 */
async function propose(dapp: Awaited<ReturnType<typeof startDapp>>) {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] },
    },
  })
  const session = approval()
  session.catch(() => {})
  return { uri: uri!, session, pairingTopic: uri!.slice('wc:'.length, uri!.indexOf('@')) }
}

const personalSign = (dapp: Awaited<ReturnType<typeof startDapp>>, topic: string, message: `0x${string}`) =>
  dapp.request<`0x${string}`>({
    topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: [message, account.address] },
  })

test('a dApp and a wallet pair through the relay: the proposal published before the wallet scanned reaches it, the approval connects the dApp, requests go round trip, also after the dApp reconnects', {
  timeout: 30_000,
}, async () => {
  const [dapp, { wallet }] = await Promise.all([startDapp(), startWallet()])
  // The proposal is on the relay before the wallet subscribes to the pairing topic: the mailbox delivers it.
  const { uri, session } = await propose(dapp)
  await wallet.pair({ uri })
  const { topic, namespaces } = await session
  expect(namespaces.eip155?.accounts).toEqual([`${CHAIN}:${account.address}`])
  expect(Object.keys(wallet.getActiveSessions())).toEqual([topic])
  expect(await personalSign(dapp, topic, '0x68656c6c6f')).toBe(
    await account.signMessage({ message: 'hello' }),
  )

  // A page reload or a dropped connection: the dApp subscribes again on a new socket and goes on.
  await dapp.core.relayer.transportClose()
  await dapp.core.relayer.transportOpen()
  expect(await personalSign(dapp, topic, '0x616761696e')).toBe(
    await account.signMessage({ message: 'again' }),
  )
})

test('ttl: a proposal whose ttl ran out on the relay never reaches the wallet; control: one published with it, paired within its ttl, does', {
  timeout: 30_000,
}, async () => {
  const [dapp, { wallet, proposals }] = await Promise.all([startDapp(), startWallet()])
  const expired = await propose(dapp)
  const kept = await propose(dapp)
  // sign-client publishes a proposal with a ttl of 5 minutes.
  clockAhead = 5 * 60_000 + 1_000
  await wallet.pair({ uri: expired.uri })
  clockAhead = 0
  await wallet.pair({ uri: kept.uri })
  await kept.session
  // The expired pairing was subscribed first: had its proposal been delivered, it would have come first.
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(proposals.map((proposal) => proposal.params.pairingTopic)).toEqual([kept.pairingTopic])
})
