/**
 * The frame's account services in a browser window: its own server on its own origin, the token store
 * and the device store of this storage partition, and the prompt and custody code, loaded on demand so
 * the frame's first load stays small (budget: 40 kB gzip before login).
 * @module
 */

import type { AccountServices, BridgeContext } from '../bridge/context.ts'
import type { SocialInbox } from '../login/socialInbox.ts'
import type { PassphrasePrompter } from '../wallet/custody.ts'
import { type DeviceStore, openDeviceStore } from '../wallet/deviceStore.ts'
import { createApi } from './api.ts'
import { createTokenStore } from './tokenStore.ts'

export type AccountWindow = {
  readonly location: { readonly origin: string }
  readonly localStorage?: Storage
  readonly indexedDB: IDBFactory
  readonly document: Document
}

export function createAccountServices(
  win: AccountWindow,
  emit: BridgeContext['emit'],
  socialInbox: SocialInbox,
): AccountServices {
  const tokens = createTokenStore(storageOf(win))
  let store: Promise<DeviceStore> | undefined
  let prompt: Promise<PassphrasePrompter> | undefined
  const devices = () => {
    store ??= openDeviceStore(win.indexedDB).catch((error: unknown) => {
      store = undefined
      throw error
    })
    return store
  }
  return {
    api: createApi({ origin: win.location.origin, tokens, devices }),
    tokens,
    devices,
    prompt() {
      prompt ??= Promise.all([import('../prompt/passphrasePrompt.ts'), import('../wallet/recovery.ts')]).then(
        ([{ createPassphrasePrompt }, { MIN_PASSPHRASE_LENGTH }]) =>
          createPassphrasePrompt({ document: win.document, emit, minLength: MIN_PASSPHRASE_LENGTH }),
      )
      return prompt
    },
    custody: () => import('../wallet/custody.ts'),
    socialInbox,
  }
}

/** localStorage, or undefined where reading it throws (storage disabled). */
function storageOf(win: AccountWindow): Storage | undefined {
  try {
    return win.localStorage
  } catch {
    return undefined
  }
}
