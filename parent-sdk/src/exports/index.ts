/**
 * `@keyframe/sdk`: create a Keyframe instance, open the modal, read and watch its state. Everything heavy
 * (the modal UI, React, the frame client and its messenger, the protocol's schemas) loads on demand.
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is the package entry (package.json "exports": ".")

export type {
  Caip2Id,
  Caip10Id,
  ChainNamespace,
  ConnectMethod,
  ErrorCodeValue,
  ErrorShape,
  EventPayload,
  EventType,
  RequestParams,
  RequestResult,
  RequestType,
  ThemeMode,
} from '@keyframe/protocol'
export {
  ChainDisconnectedError,
  ChainNotSupportedError,
  DisconnectedError,
  EmailCooldownError,
  ErrorCode,
  FrameLoadError,
  InternalError,
  InvalidKeyError,
  InvalidParamsError,
  InvalidRequestError,
  NotAvailableError,
  OriginNotAllowedError,
  ProtocolError,
  RequestAbortedError,
  RequestTimeoutError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@keyframe/protocol/core'
export {
  type Account,
  type ConnectEmailAction,
  type ConnectEmailParameters,
  connectDevice,
  connectEmail,
  connectOtp,
  disconnect,
  getAccount,
  getConnection,
  type UpdateEmailAction,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
  watchAccount,
  watchConnection,
} from '../core/connection.ts'
export {
  createKeyframe,
  type Keyframe,
  type KeyframeAlert,
  type KeyframeMetadata,
  type KeyframeNetwork,
  type KeyframeOptions,
} from '../core/createKeyframe.ts'
export { BrowserOnlyError, ConfigError, DestroyedError, DisconnectError } from '../core/errors.ts'
export type { LoginCacheStorage } from '../core/loginCache.ts'
export { getModalState, type ModalState, watchModalState } from '../core/modal.ts'
export { VIEWS, type ViewHistory, type ViewName } from '../core/router.ts'
export type {
  AccountUser,
  ConnectionStatus,
  KeyframeState,
  NamespaceConnection,
  ThemeVariables,
} from '../core/store.ts'
export { getTheme, type ThemeState, watchTheme } from '../core/theme.ts'
export { getToast, type Toast, type ToastVariant, watchToast } from '../core/toasts.ts'
export type {
  FrameAlert,
  FrameClient,
  FrameClientOptions,
  PendingRequest,
  RequestOptions,
} from '../frame/createFrameClient.ts'
export { SDK_VERSION } from '../version.ts'
