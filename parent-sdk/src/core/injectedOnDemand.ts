/**
 * `connectInjected` of the `@keyframe/sdk` entry: it `import()`s `injectedConnect.ts` when first called, so
 * connecting stays out of the pre-open code (the budget in `budget.test.ts`). Same name, same signature as
 * there.
 * @module
 */
import type { Caip2Id } from '@keyframe/protocol/core'
import type { Keyframe } from './createKeyframe.ts'

/**
 * Connects the injected wallet `walletId` (from `getInjectedWallets`): asks it for its accounts
 * (`eth_requestAccounts`) and chain. On success the eip155 connection is the wallet's account, the wallet
 * becomes the active connector and the first of the recent wallets, and an open modal on a connect view
 * closes (SPEC §2). With the modal open, shows ConnectingExternal while the wallet asks the person.
 * @throws {UserRejectedRequestError} the person declined in the wallet (4001).
 * @throws {TypeError} no injected wallet has this id.
 * @example
 * import { connectInjected, getInjectedWallets } from '@keyframe/sdk'
 * const [wallet] = getInjectedWallets(kf)
 * if (wallet) await connectInjected(kf, wallet.id)
 */
export async function connectInjected(
  kf: Keyframe,
  walletId: string,
): Promise<{ address: `0x${string}`; chainId: Caip2Id }> {
  return (await import('./injectedConnect.ts')).connectInjected(kf, walletId)
}
