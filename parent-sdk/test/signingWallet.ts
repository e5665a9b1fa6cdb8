/**
 * An injected wallet that also signs messages: the test wallet of `anvilWallet.ts` (anvil dev key #1, no
 * chain needed for sign-in) answering `personal_sign` with that key, or refusing (4001) while `decline` is set.
 * Announced as MetaMask (EIP-6963) until the returned `stop`.
 * @module
 */
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { announceWallet, createTestWallet, type TestWallet, WALLET_KEY } from './anvilWallet.ts'

export const SIGNING_WALLET_ID = 'injected:io.metamask'

export function signingWallet(): { wallet: TestWallet & { decline: boolean }; stop: () => void } {
  const base = createTestWallet([{ chainId: 31337, rpcUrl: '', close: async () => {} }])
  const key = privateKeyToAccount(WALLET_KEY)
  const wallet = Object.assign(base, { decline: false })
  const request = base.request
  wallet.request = async (args) => {
    if (args.method !== 'personal_sign') return request(args)
    wallet.calls.push(args.method)
    if (wallet.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    return key.signMessage({ message: { raw: (args.params as [Hex])[0] } })
  }
  return { wallet, stop: announceWallet(wallet, { name: 'MetaMask', rdns: 'io.metamask' }) }
}
