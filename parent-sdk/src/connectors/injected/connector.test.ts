import { ChainNotSupportedError } from '@keyframe/protocol/core'
import { expect, test } from 'vitest'
import { createTestWallet, WALLET_ADDRESS } from '../../../test/anvilWallet.ts'
import type { Eip1193Provider } from '../types.ts'
import { type AddableNetwork, createInjectedConnector } from './connector.ts'

const NETWORKS: AddableNetwork[] = [
  { id: 31337, name: 'Keyframe Local' },
  {
    id: 'eip155:31338',
    name: 'Keyframe Local 2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
    blockExplorers: { default: { name: 'Scan', url: 'https://scan.example' } },
  },
  { id: 31339, name: 'No RPC' },
]

function setup(
  provider: Eip1193Provider = createTestWallet([{ chainId: 31337, rpcUrl: '', close: async () => {} }]),
) {
  const events: unknown[] = []
  const connector = createInjectedConnector({
    wallet: { id: 'injected:io.test', name: 'Test', icon: undefined, rdns: 'io.test', provider },
    getNetwork: (chainId) => NETWORKS.find((n) => n.id === chainId || n.id === `eip155:${chainId}`),
    onAccountsChanged: (accounts) => events.push(['accounts', accounts]),
    onChainChanged: (chainId) => events.push(['chain', chainId]),
    onDisconnect: () => events.push(['disconnect']),
  })
  return { connector, events, wallet: provider as ReturnType<typeof createTestWallet> }
}

test('default: connect asks for the accounts and the chain, then follows the wallet', async () => {
  const { connector, events, wallet } = setup()
  expect(connector).toMatchObject({
    id: 'injected:io.test',
    type: 'injected',
    name: 'Test',
    namespace: 'eip155',
  })
  expect(await connector.connect()).toEqual({ accounts: [WALLET_ADDRESS], chainId: 31337 })
  expect(wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId'])
  wallet.emit('accountsChanged', ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'])
  wallet.emit('chainChanged', '0x7a6a')
  wallet.emit('disconnect', { code: 1013, message: 'reconnecting' })
  wallet.emit('accountsChanged', [])
  expect(events).toEqual([
    ['accounts', ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']],
    ['chain', 31338],
    ['disconnect'],
  ])
  expect(wallet.listenerCount()).toBe(0)
})

test('behavior: switchChain to a chain the wallet knows switches once', async () => {
  const wallet = createTestWallet([
    { chainId: 31337, rpcUrl: '', close: async () => {} },
    { chainId: 31338, rpcUrl: '', close: async () => {} },
  ])
  const { connector, events } = setup(wallet)
  await connector.connect()
  await connector.switchChain(31338)
  expect(wallet.calls.slice(2)).toEqual(['wallet_switchEthereumChain'])
  expect(wallet.chainId).toBe(31338)
  expect(events).toEqual([
    ['chain', 31338],
    ['chain', 31338],
  ])
})

test('behavior: a chain the wallet does not know (4902) is added from the network config, then switched to', async () => {
  const { connector, wallet } = setup()
  const requests: unknown[] = []
  const request = wallet.request
  wallet.request = (args) => {
    requests.push(args)
    return request(args)
  }
  await connector.connect()
  await connector.switchChain(31338)
  expect(wallet.chainId).toBe(31338)
  expect(requests.slice(2)).toEqual([
    { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    {
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x7a6a',
          chainName: 'Keyframe Local 2',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['http://127.0.0.1:8546'],
          blockExplorerUrls: ['https://scan.example'],
        },
      ],
    },
    { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
  ])
})

test('behavior: the wallet saying "Unrecognized chain" with another code also leads to adding the chain', async () => {
  const known = new Set([31337])
  const provider: Eip1193Provider = {
    on() {},
    removeListener() {},
    async request({ method, params }) {
      const [arg] = params as [{ chainId: string }]
      if (method === 'wallet_addEthereumChain') known.add(Number(arg.chainId))
      if (method === 'wallet_switchEthereumChain' && !known.has(Number(arg.chainId))) {
        throw Object.assign(new Error('Unrecognized chain ID "0x7a6a". Try adding the chain first.'), {
          code: -32603,
        })
      }
      return null
    },
  }
  await expect(setup(provider).connector.switchChain(31338)).resolves.toBeUndefined()
  expect(known.has(31338)).toBe(true)
})

test('error: a chain the wallet does not know and the dApp cannot describe is "Chain is not supported"', async () => {
  const { connector } = setup()
  for (const chainId of [31339, 999]) {
    const error = await connector.switchChain(chainId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainNotSupportedError)
    expect(error).toMatchObject({ code: 4902, message: 'Chain is not supported' })
  }
})

test('error: the wallet refusing to switch or to add is "Chain is not supported", with its answer as the cause', async () => {
  const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const provider: Eip1193Provider = {
    on() {},
    removeListener() {},
    async request({ method }) {
      if (method === 'wallet_switchEthereumChain')
        throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
      throw refusal
    },
  }
  const error = await setup(provider)
    .connector.switchChain(31338)
    .catch((e: unknown) => e)
  expect(error).toMatchObject({
    name: 'ChainNotSupportedError',
    message: 'Chain is not supported',
    cause: refusal,
  })
})

test('behavior: disconnect asks the wallet to revoke (best effort) and stops following it', async () => {
  const { connector, events, wallet } = setup()
  await connector.connect()
  await connector.disconnect()
  expect(wallet.calls.at(-1)).toBe('wallet_revokePermissions')
  expect(events).toEqual([['disconnect']])
  expect(wallet.listenerCount()).toBe(0)
  wallet.emit('accountsChanged', [])
  expect(events).toEqual([['disconnect']])
})

test('error: connect refused in the wallet rejects with its 4001 and follows nothing', async () => {
  const { connector, wallet } = setup()
  wallet.approve.connect = false
  await expect(connector.connect()).rejects.toMatchObject({ code: 4001 })
  expect(wallet.listenerCount()).toBe(0)
})

test('parameters: isReconnecting asks eth_accounts (never a prompt); no account is an error', async () => {
  const { connector, wallet } = setup()
  expect(await connector.connect({ isReconnecting: true })).toEqual({
    accounts: [WALLET_ADDRESS],
    chainId: 31337,
  })
  expect(wallet.calls).toEqual(['eth_accounts', 'eth_chainId'])
  expect(wallet.listenerCount()).toBe(3)

  const locked = setup()
  const request = locked.wallet.request
  locked.wallet.request = (args) => (args.method === 'eth_accounts' ? Promise.resolve([]) : request(args))
  await expect(locked.connector.connect({ isReconnecting: true })).rejects.toThrow(
    'the wallet returned no account',
  )
  expect(locked.wallet.listenerCount()).toBe(0)
})

test('behavior: release stops following the wallet without ending its connection', async () => {
  const { connector, events, wallet } = setup()
  await connector.connect()
  connector.release()
  expect(wallet.listenerCount()).toBe(0)
  wallet.emit('accountsChanged', [])
  expect(events).toEqual([])
  expect(wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId'])
})
