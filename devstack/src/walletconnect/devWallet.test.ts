import { type Anvil, startAnvil } from '@keyframe/dev-fixtures'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, http, parseEther, toHex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Relay, startRelay } from '../relay/startRelay.ts'
import { startWalletConnectDevWallet, type WalletConnectDevWallet } from './devWallet.ts'

/** Anvil dev account #6: funded at genesis of a fresh anvil. */
const KEY = toHex(
  mnemonicToAccount('test test test test test test test test test test test junk', {
    addressIndex: 6,
  }).getHdKey().privateKey!,
)
const RECEIVER = '0x000000000000000000000000000000000000dEaD' as const
const NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const METHODS = ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'eth_chainId']
const EVENTS = ['chainChanged', 'accountsChanged']

let relay: Relay
let anvils: Anvil[] = []
let dappInstances = 0

/** The dApp side: the WalletConnect sign client, as universal-provider drives it. */
const startDapp = () =>
  SignClient.init({
    projectId: 'keyframe-dev',
    relayUrl: relay.url,
    logger: 'silent',
    customStoragePrefix: `dev-wallet-test-dapp-${++dappInstances}`,
    storageOptions: { database: ':memory:' },
    metadata: { name: 'Test dApp', description: 'devWallet.test', url: 'http://127.0.0.1', icons: [] },
  })
type Dapp = Awaited<ReturnType<typeof startDapp>>

const chains = () =>
  anvils.map((a) => ({
    chainId: a.chainId,
    name: `Anvil ${a.chainId}`,
    rpcUrl: a.rpcUrl,
    nativeCurrency: NATIVE,
  }))

async function connected(dapp: Dapp, wallet: WalletConnectDevWallet) {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: METHODS, events: EVENTS },
    },
  })
  if (!uri) throw new Error('No pairing URI')
  const [session, topic] = await Promise.all([approval(), wallet.connect(uri)])
  expect(session.topic).toBe(topic)
  return session
}

beforeAll(async () => {
  ;[relay, ...anvils] = await Promise.all([
    startRelay(),
    startAnvil({ chainId: 31337 }),
    startAnvil({ chainId: 31338 }),
  ])
}, 30_000)

afterAll(async () => {
  await Promise.allSettled([relay?.close(), ...anvils.map((a) => a.close())])
})

describe('the WalletConnect dev wallet against the local relay', () => {
  it('behavior: pairs from the URI, approves the chains it holds, signs, sends on anvil, switches chain and disconnects', async () => {
    const [dapp, wallet] = await Promise.all([
      startDapp(),
      startWalletConnectDevWallet({ relayUrl: relay.url, chains: chains(), privateKey: KEY }),
    ])
    try {
      const session = await connected(dapp, wallet)
      expect(session.namespaces.eip155?.accounts).toEqual([
        `eip155:31337:${wallet.address}`,
        `eip155:31338:${wallet.address}`,
      ])

      const message = 'Hello from the dApp'
      const signature = await dapp.request<`0x${string}`>({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: [toHex(message), wallet.address] },
      })
      expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)

      const chain = createPublicClient({ transport: http(anvils[1]!.rpcUrl) })
      const before = await chain.getBalance({ address: RECEIVER })
      const hash = await dapp.request<`0x${string}`>({
        topic: session.topic,
        chainId: 'eip155:31338',
        request: {
          method: 'eth_sendTransaction',
          params: [{ from: wallet.address, to: RECEIVER, value: toHex(parseEther('0.5')) }],
        },
      })
      expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
      expect(await chain.getBalance({ address: RECEIVER })).toBe(before + parseEther('0.5'))
      expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction'])

      // The person switches chain in the wallet: the dApp hears a session update and chainChanged.
      const event = new Promise((resolve) => dapp.on('session_event', ({ params }) => resolve(params)))
      const update = new Promise((resolve) => dapp.on('session_update', ({ params }) => resolve(params)))
      await wallet.switchChain(31338)
      expect(await event).toEqual({ chainId: 'eip155:31338', event: { name: 'chainChanged', data: 31338 } })
      expect(await update).toMatchObject({
        namespaces: {
          eip155: { accounts: [`eip155:31338:${wallet.address}`, `eip155:31337:${wallet.address}`] },
        },
      })
      expect(wallet.chainId).toBe(31338)

      const deleted = new Promise((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
      await wallet.disconnect()
      expect(await deleted).toBe(session.topic)
      expect(wallet.sessions()).toEqual([])
    } finally {
      await wallet.close()
      await dapp.core.relayer.transportClose()
    }
  }, 30_000)

  it('behavior: a rejected proposal ends the dApp’s connect with the wallet’s reason', async () => {
    const [dapp, wallet] = await Promise.all([
      startDapp(),
      startWalletConnectDevWallet({ relayUrl: relay.url, chains: chains() }),
    ])
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: METHODS, events: EVENTS } },
      })
      const proposal = await wallet.pair(uri ?? '')
      expect(proposal).toMatchObject({ dappName: 'Test dApp', chains: ['eip155:31337'] })
      const refused = expect(approval()).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
      await proposal.reject()
      await refused
      expect(wallet.sessions()).toEqual([])
    } finally {
      await wallet.close()
      await dapp.core.relayer.transportClose()
    }
  }, 30_000)
})
