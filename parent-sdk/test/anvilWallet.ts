/**
 * A real chain and a real injected wallet for tests: anvil on a free port, and an EIP-1193 provider that
 * signs with an anvil dev key through viem (as a browser extension would) and forwards reads to the chain.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { devTokenAbi, devTokenBytecode } from '@keyframe/dev-fixtures'
import { createWalletClient, defineChain, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Eip1193Provider, ProviderEvents } from '../src/connectors/types.ts'

/** Anvil dev account #1 (account #0 deploys). */
export const WALLET_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
export const WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Anvil dev account #0, unlocked on anvil. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export type Anvil = { chainId: number; rpcUrl: string; close(): Promise<void> }

/** Starts anvil with `chainId` on a free port; resolves once it listens. */
export async function startAnvil(chainId: number): Promise<Anvil> {
  const binary = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/bin/anvil')
  const port = await freePort()
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--chain-id', String(chainId), '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Listening on')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before listening: ${output}`)))
  })
  child.stdout?.removeAllListeners('data')
  child.stdout?.resume()
  return {
    chainId,
    rpcUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}

/** One JSON-RPC call to `rpcUrl`; a JSON-RPC error is thrown as `{ code, message }`. */
export async function rpc(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
  return body.result
}

async function receipt(rpcUrl: string, hash: unknown) {
  for (;;) {
    const found = (await rpc(rpcUrl, 'eth_getTransactionReceipt', [hash])) as {
      status: string
      contractAddress: `0x${string}` | null
    } | null
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Deploys an ERC20 (the devstack's DevToken) and mints `amount` (smallest unit) to `to`. */
export async function deployToken(
  rpcUrl: string,
  token: { name: string; symbol: string; decimals: number },
  to: `0x${string}`,
  amount: bigint,
): Promise<`0x${string}`> {
  const { encodeDeployData, encodeFunctionData } = await import('viem')
  const data = encodeDeployData({
    abi: devTokenAbi,
    bytecode: devTokenBytecode,
    args: [token.name, token.symbol, token.decimals],
  })
  const deployed = await receipt(rpcUrl, await rpc(rpcUrl, 'eth_sendTransaction', [{ from: DEPLOYER, data }]))
  const address = deployed.contractAddress as `0x${string}`
  const mint = encodeFunctionData({ abi: devTokenAbi, functionName: 'mint', args: [to, amount] })
  await receipt(
    rpcUrl,
    await rpc(rpcUrl, 'eth_sendTransaction', [{ from: DEPLOYER, to: address, data: mint }]),
  )
  return address
}

/** Mines pending transactions' receipts: waits until `hash` is in a block. */
export function waitForReceipt(rpcUrl: string, hash: unknown) {
  return receipt(rpcUrl, hash)
}

export type TestWallet = Eip1193Provider & {
  /** Every method asked, in order. */
  readonly calls: string[]
  /** What the person answers in the wallet: connect and send requests are refused (4001) when false. */
  approve: { connect: boolean; send: boolean }
  emit<E extends keyof ProviderEvents>(event: E, ...args: Parameters<ProviderEvents[E]>): void
  listenerCount(): number
  /** The chains the wallet knows: chain id → RPC URL. */
  readonly chains: Map<number, string>
  chainId: number
}

/**
 * An injected wallet on `chains` (the first is where it starts), signing with anvil dev account #1. It
 * knows only the chains given; `wallet_addEthereumChain` teaches it another.
 */
export function createTestWallet(chains: readonly Anvil[]): TestWallet {
  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  const account = privateKeyToAccount(WALLET_KEY)
  const known = new Map(chains.map((c) => [c.chainId, c.rpcUrl]))
  const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const wallet: TestWallet = {
    calls: [],
    approve: { connect: true, send: true },
    chains: known,
    chainId: chains[0]!.chainId,
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (...a: unknown[]) => void)(...args)
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener as never)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as never)
    },
    async request({ method, params }) {
      wallet.calls.push(method)
      const list = (params ?? []) as unknown[]
      const rpcUrl = known.get(wallet.chainId)!
      switch (method) {
        case 'eth_requestAccounts':
          if (!wallet.approve.connect) throw rejected()
          return [account.address]
        case 'eth_accounts':
          return [account.address]
        case 'eth_chainId':
          return `0x${wallet.chainId.toString(16)}`
        case 'wallet_revokePermissions':
          return null
        case 'wallet_switchEthereumChain': {
          const id = Number.parseInt((list[0] as { chainId: string }).chainId, 16)
          if (!known.has(id)) {
            throw Object.assign(new Error(`Unrecognized chain ID "0x${id.toString(16)}".`), { code: 4902 })
          }
          if (id !== wallet.chainId) {
            wallet.chainId = id
            wallet.emit('chainChanged', `0x${id.toString(16)}`)
          }
          return null
        }
        case 'wallet_addEthereumChain': {
          const { chainId, rpcUrls } = list[0] as { chainId: string; rpcUrls: string[] }
          known.set(Number.parseInt(chainId, 16), rpcUrls[0]!)
          return null
        }
        case 'eth_sendTransaction': {
          if (!wallet.approve.send) throw rejected()
          const tx = list[0] as { to: `0x${string}`; value?: Hex; data?: Hex }
          const client = createWalletClient({
            account,
            chain: defineChain({
              id: wallet.chainId,
              name: 'anvil',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: { default: { http: [rpcUrl] } },
            }),
            transport: http(rpcUrl),
          })
          return client.sendTransaction({
            to: tx.to,
            ...(tx.value ? { value: BigInt(tx.value) } : {}),
            ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
          })
        }
        default:
          return rpc(rpcUrl, method, list)
      }
    },
  }
  return wallet
}

/** A data: URI icon, as EIP-6963 requires. */
export const ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'

/** Announces `provider` on `window` as an EIP-6963 wallet, now and on every request. Returns the stop. */
export function announceWallet(
  provider: Eip1193Provider,
  info: { name: string; rdns: string; uuid?: string; icon?: string },
): () => void {
  const detail = Object.freeze({
    info: {
      uuid: info.uuid ?? crypto.randomUUID(),
      name: info.name,
      rdns: info.rdns,
      icon: info.icon ?? ICON,
    },
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
