/**
 * Registering an account name (SPEC §4): push the success view, sign the registration message with the
 * connected wallet (its own approval: the frame's for the embedded wallet, the extension's prompt for an
 * injected one), register it with chain-api; on failure back to the register view with the spec's error.
 * @module
 */
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { ChainApiError } from '../../../api/chainApiError.ts'
import { registerName } from '../../../api/registerName.ts'
import { getAccount } from '../../../core/account.ts'
import { holdOpen } from '../../../core/approval.ts'
import { getActiveConnector } from '../../../core/connectors.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { FRAME_VIEWS } from '../../../core/frameOverlay.ts'
import type { ViewName } from '../../../core/router.ts'
import { utf8Hex } from '../../../core/utf8Hex.ts'
import { canRegisterName } from '../../account/profileName.ts'
import { chainApiOf } from '../../chainApi.ts'
import { setNameRegistration } from './nameRegistration.ts'

/** The chain-api client's own codes: no reason of the server's to show. */
const CLIENT_CODES: readonly string[] = ['http_error', 'invalid_response', 'network_error']

/**
 * The toast of a failed registration (SPEC §8): 'Signature declined' when the person refused, the server's
 * reason when it gave one (e.g. the name is taken), else 'Error registering name {name}'.
 */
export function registrationErrorText(error: unknown, name: string): string {
  if ((error as { code?: unknown } | null)?.code === UserRejectedRequestError.code)
    return 'Signature declined'
  if (error instanceof ChainApiError && !CLIENT_CODES.includes(error.code) && error.message)
    return error.message
  return `Error registering name ${name}`
}

/** Resolves once the wallet's approval screen (a frame view over the success view) has gone. */
function approvalGone(kf: Keyframe): Promise<void> {
  const gone = () => !kf.getState().open || !FRAME_VIEWS.includes(kf.getState().view)
  if (gone()) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = kf.subscribe(() => {
      if (!gone()) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Shows `view` over the Account view (Back leads there, not through the views of the attempt). A modal the
 * person closed meanwhile stays closed: the outcome waits in the registration state and the header.
 */
async function show(kf: Keyframe, view: ViewName): Promise<void> {
  await approvalGone(kf)
  if (kf._internal.isDestroyed() || !kf.getState().open) return
  kf._internal.resetTo('Account')
  kf._internal.navigate(view)
}

/**
 * Registers `name` (`alice` or `alice.keyframe.id`) for the connected EVM account on its chain (coin type =
 * chain id | 0x80000000). Never throws: the outcome is the view shown, the `nameRegistration` state and, on
 * failure, the toast.
 */
export async function registerAccountName(kf: Keyframe, name: string): Promise<void> {
  const { navigate, toasts } = kf._internal
  const api = chainApiOf(kf)
  const connector = getActiveConnector(kf, 'eip155')
  const { address, chainId } = getAccount(kf)
  const chain = Number(chainId?.split(':')[1])
  if (!api || !connector || !address || !canRegisterName(kf)) {
    toasts.show('error', `Error registering name ${name}`)
    return
  }
  setNameRegistration(kf, { name, address, status: 'pending' })
  // The last attempt's error is over.
  toasts.dismiss()
  navigate('RegisterAccountNameSuccess')
  // The signature's end must not close the modal (SPEC §2 transaction stack): this view shows the outcome.
  const release = holdOpen(kf)
  let outcome: { registered: string } | { error: unknown }
  try {
    const provider = await connector.getProvider()
    const account = await registerName(api, {
      name,
      address,
      chainId: chain,
      signMessage: async (message) =>
        String(await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] })),
    })
    outcome = { registered: account.name }
  } catch (error) {
    outcome = { error }
  } finally {
    release()
  }
  if ('registered' in outcome) {
    setNameRegistration(kf, { name: outcome.registered, address, status: 'registered' })
    await show(kf, 'RegisterAccountNameSuccess')
  } else {
    setNameRegistration(kf, { name, address, status: 'failed' })
    await show(kf, 'RegisterAccountName')
    toasts.show('error', registrationErrorText(outcome.error, name))
  }
}
