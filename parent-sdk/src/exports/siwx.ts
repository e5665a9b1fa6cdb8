/**
 * `@keyframe/sdk/siwx`: sign in with the wallet, the default way. `createSiwx(...)` makes the `siwx` option of
 * `createKeyframe` (EIP-4361 messages for this page's origin, a nonce and a verdict from the dApp's backend,
 * sessions kept in the page); `fromSiweConfig` takes AppKit's `siweConfig`; the message builder and ERC-5573
 * ReCap helpers are here for dApps that write their own. Loaded only by a dApp that signs in; nothing runs at
 * import (SSR-safe). The backend's verifier is `@keyframe/sdk/siwx/server`.
 * @example
 * import { createKeyframe } from '@keyframe/sdk'
 * import { createSiwx } from '@keyframe/sdk/siwx'
 * const kf = createKeyframe({ …, siwx: createSiwx({ getNonce: async () => (await fetch('/siwx/nonce')).text() }) })
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is a package entry (package.json "exports": "./siwx")

export {
  encodeRecap,
  parseRecap,
  type Recap,
  type RecapCapabilities,
  RecapError,
  readRecap,
  recapStatement,
  withRecap,
} from '@keyframe/protocol/recap'
export { type CreateSiwxParameters, createSiwx } from '../siwx/createSiwx.ts'
export { fromSiweConfig } from '../siwx/fromSiweConfig.ts'
export { createSiwxMessage } from '../siwx/message.ts'
export type { SiwxStorage } from '../siwx/store.ts'
export type {
  SiweConfig,
  SiweCreateMessageArgs,
  SiweMessageParams,
  SiwxConfig,
  SiwxMessage,
  SiwxMessageData,
  SiwxMessageInput,
  SiwxSession,
} from '../siwx/types.ts'
