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
export type { Eip6963ProviderDetail } from '../connectors/embedded/announce.ts'
export { getEmbeddedProvider } from '../connectors/embedded/provider.ts'
export type {
  Connector,
  ConnectorType,
  Eip1193Provider,
  Eip6963ProviderInfo,
  ProviderEvents,
  RequestArguments,
} from '../connectors/types.ts'
export { type Account, getAccount, getConnection, watchAccount, watchConnection } from '../core/account.ts'
export { disconnect, reconnect, signOut } from '../core/connection.ts'
export { getActiveConnector, getProvider, watchActiveConnector } from '../core/connectors.ts'
export {
  createKeyframe,
  type Keyframe,
  type KeyframeAlert,
  type KeyframeMetadata,
  type KeyframeNetwork,
  type KeyframeOptions,
} from '../core/createKeyframe.ts'
export type { ConnectEmailAction, ConnectEmailParameters, UpdateEmailAction } from '../core/emailActions.ts'
export {
  connectDevice,
  connectEmail,
  connectOtp,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from '../core/emailOnDemand.ts'
export { BrowserOnlyError, ConfigError, DestroyedError, DisconnectError } from '../core/errors.ts'
export { getInjectedWallets, type InjectedWallet, watchInjectedWallets } from '../core/injected.ts'
export { connectInjected } from '../core/injectedOnDemand.ts'
export type { LoginCacheStorage } from '../core/loginCache.ts'
export { getModalState, type ModalState, watchModalState } from '../core/modal.ts'
export { getNetwork, type Network, switchNetwork, watchNetwork } from '../core/network.ts'
export { getRecentWallets, type RecentWallet } from '../core/recentWallets.ts'
export { VIEWS, type ViewHistory, type ViewName } from '../core/router.ts'
export {
  getSendErrors,
  getSendState,
  resetSend,
  type SendErrors,
  type SendState,
  type SendToken,
  setSendAmount,
  setSendReceiver,
  setSendToken,
  watchSendState,
} from '../core/send.ts'
export { estimateSendGas, fetchSendBalances, sendTokens } from '../core/sendOnDemand.ts'
export { cancelSignIn, signIn } from '../core/siwxOnDemand.ts'
export { getSession, type SiwxState, watchSession } from '../core/siwxSession.ts'
export type { ConnectSocialParameters } from '../core/socialActions.ts'
export { connectFarcaster, connectSocial } from '../core/socialOnDemand.ts'
export type {
  AccountUser,
  ConnectedWalletInfo,
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
export type {
  SiweConfig,
  SiwxConfig,
  SiwxMessage,
  SiwxMessageData,
  SiwxMessageInput,
  SiwxSession,
} from '../siwx/types.ts'
export { SDK_VERSION } from '../version.ts'
