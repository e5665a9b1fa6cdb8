/**
 * What follows a sent swap, once the view has gone back to Account: wait until it is mined, then have the
 * Account view read the wallet's balances again past both 30 s caches (SPEC §9, `refreshBalances`) so the
 * Tokens tab shows the swap; a swap that reverted says so in the toast.
 * @module
 */
import type { Eip1193Provider } from '../../../connectors/types.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { refreshBalances } from '../../account/refreshBalances.ts'
import { waitForReceipt } from './waitForReceipt.ts'

export async function afterSwap(kf: Keyframe, provider: Eip1193Provider, hash: `0x${string}`): Promise<void> {
  const outcome = await waitForReceipt(provider, hash).catch(() => undefined)
  if (kf._internal.isDestroyed()) return
  if (outcome === 'reverted') kf._internal.toasts.show('error', 'Something went wrong')
  await refreshBalances(kf)
}
