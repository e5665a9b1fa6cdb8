/**
 * What an instance does with its frame once the frame client is there: follows the frame's session events,
 * shows its prompts and approvals. Loaded with the frame client (`createKeyframe.ts` `frame()`), so none of
 * it is in the pre-open code (`budget.test.ts`).
 * @module
 */
import type { FrameClient } from '../frame/createFrameClient.ts'
import { getAccount } from './account.ts'
import { attachApproval } from './approval.ts'
import { connected, reset, runtimeOf } from './connection.ts'
import { getActiveConnector } from './connectors.ts'
import type { Keyframe } from './createKeyframe.ts'
import { wipeLogin } from './loginCache.ts'
import { attachPrompt } from './prompt.ts'

/**
 * Listens to the frame's session events, shows its prompts and approvals in the modal (`prompt.ts`,
 * `approval.ts`), and has the embedded connector follow its chain and account. The frame client drops these
 * listeners when it is destroyed. @internal
 */
export function attachFrame(kf: Keyframe, frame: FrameClient) {
  attachPrompt(kf, frame)
  attachApproval(kf, frame)
  kf._internal.embedded.connector.follow(frame)
  // Which logins besides e-mail the project turned on: the Connect view offers only those socials.
  frame.on('READY', ({ logins }) => kf._internal.store.setState({ frameLogins: logins }))
  // The frame speaks for the embedded wallet only: while another connector (an injected wallet) holds
  // eip155, the frame's session ending or changing is none of that connection's business.
  const embeddedHolds = () => (getActiveConnector(kf)?.type ?? 'embedded') === 'embedded'
  // The frame says the session is gone: a saved login has nothing left to reconnect, whoever holds eip155.
  frame.on('DISCONNECTED', () => {
    if (embeddedHolds() && getAccount(kf).status !== 'disconnected') reset(kf)
    else wipeLogin(kf._internal.storage)
  })
  // A session changed (a new token, an e-mail update): read the user again. A failure here is no
  // connection check, so it changes nothing.
  frame.on('SESSION_UPDATE', () => {
    if (!embeddedHolds() || getAccount(kf).status !== 'connected') return
    const runtime = runtimeOf(kf)
    const epoch = runtime.epoch
    frame.request('GET_USER', { chainId: kf.getState().networkId }).then(
      (user) => {
        if (epoch === runtime.epoch) connected(kf, user)
      },
      () => {},
    )
  })
}
