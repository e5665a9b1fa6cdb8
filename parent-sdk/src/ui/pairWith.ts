import type { Keyframe } from '../core/createKeyframe.ts'
import { connectWalletConnect, type WalletConnectTarget } from '../core/walletConnect.ts'

/**
 * Shows ConnectingWalletConnect and starts pairing with `wallet` (a catalogue or custom wallet: its deep
 * links), or with any wallet app without one. The view shows how it goes (declined, expired, failed) and
 * offers a retry, so the promise's rejection is not reported again here.
 */
export function pairWith(kf: Keyframe, wallet?: WalletConnectTarget): void {
  kf._internal.navigate('ConnectingWalletConnect')
  void connectWalletConnect(kf, wallet ? { wallet } : {}).catch(() => {})
}
