/**
 * What follows a sent swap, once the view has gone back to Account: wait until it is mined, then read the
 * wallet's balances again past both 30 s caches (SPEC §9) so the Tokens tab shows the swap; a swap that
 * reverted says so in the toast.
 * @module
 */
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getBalance } from '../../../api/getBalance.ts'
import type { Eip1193Provider } from '../../../connectors/types.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { waitForReceipt } from './waitForReceipt.ts'

export async function afterSwap(
  kf: Keyframe,
  api: ChainApi,
  provider: Eip1193Provider,
  swap: { hash: `0x${string}`; account: `0x${string}`; chainId: string },
): Promise<void> {
  const outcome = await waitForReceipt(provider, swap.hash).catch(() => undefined)
  if (kf._internal.isDestroyed()) return
  if (outcome === 'reverted') kf._internal.toasts.show('error', 'Something went wrong')
  await getBalance(api, { address: swap.account, chainId: swap.chainId, forceUpdate: true }).catch(() => {})
}
