/**
 * A browser-extension wallet for the tests: an EIP-1193 provider announced through EIP-6963 in the page,
 * backed by an anvil dev key. The page holds only a thin provider object; every request goes to Node
 * (`page.exposeFunction`), which signs with the key (viem local account) and forwards the rest to the
 * chain's anvil, as an extension's background process would.
 * @module
 */
import type { Stack } from '@keyframe/devstack'
import { expect, type Page } from '@playwright/test'
import { createWalletClient, type Hex, hexToBigInt, http, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { dialog, expectConnected, openModal } from './email.ts'

/** Anvil dev account #8 (mnemonic `test test … junk`): funded at genesis, used by nothing else. */
export const DEV_WALLET_KEY: Hex = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'
export const DEV_WALLET_ADDRESS = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

/** How the wallet announces itself (EIP-6963 `info`, without the uuid the page makes). */
export const DEV_WALLET_INFO = {
  name: 'Anvil Dev Wallet',
  rdns: 'dev.anvil.wallet',
  icon: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f5a623"/></svg>',
  )}`,
} as const

type Reply = { result: unknown; chainChanged?: Hex } | { error: { code: number; message: string } }
type TxRequest = { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }

export type DevWallet = {
  /** Every method the wallet was asked, in order. */
  methods: string[]
  /** The person accepts the connection in the wallet: `eth_requestAccounts` answers from now on. */
  acceptConnection(): void
}

/**
 * Installs the wallet in every later document of the page (top-level only) and starts its Node side.
 * `key`: another account than the dev wallet's (a test whose assertions need an account of its own).
 */
export async function injectDevWallet(
  page: Page,
  stack: Stack,
  key: Hex = DEV_WALLET_KEY,
): Promise<DevWallet> {
  const account = privateKeyToAccount(key)
  const methods: string[] = []
  let connected = false
  let acceptConnection = () => {}
  const accepted = new Promise<void>((resolve) => {
    acceptConnection = resolve
  })
  let chain = stack.chains[0]!
  const wallet = () =>
    createWalletClient({
      account,
      chain: {
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
      transport: http(chain.rpcUrl),
    })

  async function handle(method: string, params: unknown[]): Promise<Reply> {
    switch (method) {
      case 'eth_requestAccounts':
        // An extension asks the person first.
        await accepted
        connected = true
        return { result: [account.address] }
      case 'eth_accounts':
        return { result: connected ? [account.address] : [] }
      case 'eth_chainId':
        return { result: numberToHex(chain.chainId) }
      case 'wallet_switchEthereumChain': {
        const id = Number((params[0] as { chainId: Hex }).chainId)
        const next = stack.chains.find((c) => c.chainId === id)
        if (!next) return { error: { code: 4902, message: `Unrecognized chain ID ${id}` } }
        const changed = next !== chain
        chain = next
        return { result: null, ...(changed ? { chainChanged: numberToHex(id) } : {}) }
      }
      case 'personal_sign':
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) }
      case 'eth_signTypedData_v4':
        return { result: await account.signTypedData(JSON.parse(params[1] as string)) }
      case 'eth_sendTransaction': {
        const tx = params[0] as TxRequest
        const hash = await wallet().sendTransaction({
          ...(tx.to ? { to: tx.to } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas ? { gas: hexToBigInt(tx.gas) } : {}),
          value: tx.value ? hexToBigInt(tx.value) : 0n,
        })
        return { result: hash }
      }
      default: {
        // Reads go to the current chain's node as they are.
        const response = await fetch(chain.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
        const body = (await response.json()) as {
          result?: unknown
          error?: { code: number; message: string }
        }
        return body.error ? { error: body.error } : { result: body.result }
      }
    }
  }

  await page.exposeFunction('__devWalletRequest', async (method: string, params: unknown[]) => {
    methods.push(method)
    try {
      return await handle(method, params)
    } catch (error) {
      return { error: { code: -32603, message: (error as Error).message } }
    }
  })
  await page.addInitScript((info) => {
    // Extensions inject into the top document; the Keyframe frame is not a dApp.
    if (window !== window.top) return
    const call = (method: string, params: unknown[]) =>
      (
        window as unknown as { __devWalletRequest(method: string, params: unknown[]): Promise<Reply> }
      ).__devWalletRequest(method, params)
    const listeners = new Map<string, Set<(value: unknown) => void>>()
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const reply = await call(method, params ?? [])
        if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
        if (reply.chainChanged)
          for (const listener of listeners.get('chainChanged') ?? []) listener(reply.chainChanged)
        return reply.result
      },
      on(event: string, listener: (value: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
      },
      removeListener(event: string, listener: (value: unknown) => void) {
        listeners.get(event)?.delete(listener)
      },
    }
    const detail = Object.freeze({ info: Object.freeze({ ...info, uuid: crypto.randomUUID() }), provider })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, DEV_WALLET_INFO)
  return { methods, acceptConnection }
}

/**
 * The dev wallet installed, the demo opened and connected through the modal as a person does (the wallet's
 * button on Connect, the connection accepted in the wallet); the modal is closed again.
 */
export async function connectDevWallet(
  page: Page,
  stack: Stack,
  key: Hex = DEV_WALLET_KEY,
): Promise<DevWallet> {
  const wallet = await injectDevWallet(page, stack, key)
  await page.goto(stack.dappUrl)
  await openModal(page)
  await dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name }).click()
  wallet.acceptConnection()
  await expectConnected(page)
  await expect(dialog(page)).toBeHidden()
  return wallet
}
