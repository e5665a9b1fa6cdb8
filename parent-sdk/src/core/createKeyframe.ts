import type { RequestType } from '@keyframe/protocol'
import {
  type Caip2Id,
  type ConnectMethod,
  type Features,
  SOCIAL_POPUP_PATH,
  SOCIAL_RETURN_PARAM,
  type Social,
  type SocialProvider,
  type ThemeMode,
} from '@keyframe/protocol/core'
import { announceProvider } from '../connectors/embedded/announce.ts'
import type { FrameAlert, FrameClient } from '../frame/createFrameClient.ts'
import type { SiweConfig, SiwxConfig } from '../siwx/types.ts'
import { SDK_VERSION } from '../version.ts'
import { getAccount } from './account.ts'
import { namespaceOf, restoreConnection } from './connection.ts'
import { onBody } from './documentBody.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from './embeddedWallet.ts'
import { BrowserOnlyError, DestroyedError } from './errors.ts'
import type { frameTheme } from './frameTheme.ts'
import { restoreInjected } from './injected.ts'
import type { LoginCacheStorage } from './loginCache.ts'
import { listNetworks, watchUnsupportedChain } from './network.ts'
import { initialSiwxState, resolveOptions, type SiwxOption } from './options.ts'
import * as router from './router.ts'
import { createInstanceRuntime, type RuntimeKey } from './runtime.ts'
import { createKeyframeStore, type KeyframeState, type KeyframeStore, type ThemeVariables } from './store.ts'
import { isThemeMode } from './theme.ts'
import { createToasts, type ToastController } from './toasts.ts'
import { restoreWalletConnect, type WalletConnectConfig } from './walletConnectStart.ts'
import { type CustomWallet, resolveWalletOptions, type WalletOptions } from './walletOptions.ts'

/** A network the dApp supports. A viem `Chain` fits. */
export type KeyframeNetwork = {
  /** EVM chain id (`1`), or a CAIP-2 id (`'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'`). */
  readonly id: number | string
  readonly name: string
  readonly nativeCurrency?: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls?: { readonly default: { readonly http: readonly string[] } }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } }
  readonly testnet?: boolean
  /** The ERC20 tokens the Send view offers on this network. */
  readonly tokens?: readonly {
    readonly address: `0x${string}`
    readonly symbol: string
    readonly name?: string
    readonly decimals: number
  }[]
}

/** The dApp as the frame shows it. */
export type KeyframeMetadata = {
  readonly name: string
  readonly description?: string
  /** http(s) URL of the dApp. */
  readonly url: string
  /** http(s) URLs of its icons. */
  readonly icons: readonly string[]
}

/** Something the dApp should hear about (SPEC §8 alerts). */
export type KeyframeAlert =
  | FrameAlert
  | { code: 'MISSING_PROJECT_ID'; message: string }
  | { code: 'FRAME_SYNC_FAILED'; message: string; cause?: unknown }
  /** `themeVariables` the frame would read but whose values it does not take (README "Theming"). */
  | { code: 'THEME_IGNORED'; message: string; names: readonly string[] }
  /** A social login's CONNECT_SOCIAL got no answer within 30 s (SPEC §8 socials-timeout alert). */
  | { code: 'SOCIALS_TIMEOUT'; message: string }

export type KeyframeOptions = {
  /** Your project id on the Keyframe frame server. Required. */
  projectId: string
  /** The full URL of the frame document, e.g. `https://wallet.example.com/frame`. Required. */
  frameUrl: string
  /** The networks the dApp supports; the first is the one the frame starts on (default `eip155:1` if none). */
  networks: readonly KeyframeNetwork[]
  /** Default `'dark'`. */
  themeMode?: ThemeMode
  /**
   * CSS custom properties that override the modal's theme, e.g. `{ '--kf-accent': '#7c5cff' }`. The frame's
   * screens take only their tokens (opaque hex colours, bounded sizes, a listed font): see README "Theming".
   */
  themeVariables?: ThemeVariables
  /** The dApp as the frame shows it. */
  metadata?: KeyframeMetadata
  /** Which connect methods the Connect view shows, in order. Default `['email', 'social', 'wallet']`. */
  connectMethods?: readonly ConnectMethod[]
  /** Called when a connect request to the frame times out (SPEC §8, 30 s). */
  onTimeout?: (type: RequestType) => void
  /** Called with alerts for the dApp: missing project id, frame failing to load or to sync. */
  onAlert?: (alert: KeyframeAlert) => void
  /**
   * Where the login cache (SPEC §3) is kept. Default `localStorage` when the page can reach it; `null` keeps
   * it in memory only (a reload then starts disconnected).
   */
  storage?: LoginCacheStorage | null
  /**
   * Whether a connection may stay on a chain not in `networks`. Default `false`: the modal then opens on
   * UnsupportedChain, listing `networks` to switch to (SPEC §4).
   */
  allowUnsupportedChain?: boolean
  /**
   * Whether the embedded wallet's provider is announced to the page's libraries (EIP-6963, name 'Keyframe',
   * rdns `dev.keyframe`). Default `true`.
   */
  announceProvider?: boolean
  /**
   * Where the dApp's chain-api is, e.g. `https://chain.example.com`: balances, NFTs, activity, swaps, on-ramp and
   * account names in the Account view come from it. Without it those parts of the Account view stay hidden.
   */
  chainApiUrl?: string
  /**
   * Turns features on or off (SPEC §9 defaults: swaps, onramp, receive, send, history … on). A feature that is
   * off never loads. `socials`: the social logins the Connect view offers, in this order (default all seven
   * in SPEC §9 order: google, x, discord, farcaster, github, apple, facebook); `false` or `[]` hides them.
   * Of these, only the ones the frame's project turned on are shown once the frame has said which.
   */
  features?: Partial<Features> & { socials?: readonly Social[] | false }
  /**
   * WalletConnect: wallet apps on any device connect through this relay (a ws(s) URL). `metadata` is how the
   * wallet app shows the dApp (default: `metadata`, else the page's title and origin). Without it, the
   * Connect view offers no WalletConnect.
   */
  walletConnect?: { relayUrl: string; metadata?: KeyframeMetadata }
  /** Catalogue wallet ids (`/getWallets` ids) listed first in the Connect view's wallet list, in this order. */
  featuredWalletIds?: readonly string[]
  /** Only these catalogue wallets are offered (the browser's installed wallets always are). */
  includeWalletIds?: readonly string[]
  /** These catalogue wallets are never offered. */
  excludeWalletIds?: readonly string[]
  /** Wallets of your own, not in the catalogue, listed in the Connect view and paired through WalletConnect. */
  customWallets?: readonly CustomWallet[]
  /**
   * Sign in with the wallet (SIWX, EIP-4361): once an eip155 account connects without a session, the modal
   * asks it to sign a message your backend verifies (`createSiwx()` of `@keyframe/sdk/siwx` makes one; read
   * the session with `getSession`). Its code loads only when this is set.
   */
  siwx?: SiwxConfig
  /** AppKit's name for sign-in: its `createSIWEConfig` object, taken as is. Set `siwx` or this, not both. */
  siweConfig?: SiweConfig
}

/** What the UI chunk hands back once the modal is mounted. */
export type ModalUi = {
  /** Runs a state change and renders it before returning. Only called outside a render (after an await). */
  commit(change: () => void): void
  /** Loads the code of `view` if it is a lazily loaded one (never rejects: a failed load shows in the view). */
  prepare(view: router.ViewName): Promise<void>
  /** Removes the modal from the page now (focus goes back where it was); its renderer lets go just after. */
  unmount(): void
}

/** Internals shared with the lazy UI; not a public API. */
export type KeyframeInternal = {
  readonly store: KeyframeStore
  readonly connectMethods: readonly ConnectMethod[]
  readonly toasts: ToastController
  /** CAIP-2 id of the dApp's first network (default eip155:1): the chain the frame starts on. */
  readonly chainId: Caip2Id
  /** The dApp's networks, as given. */
  readonly networks: readonly KeyframeNetwork[]
  /** Whether a connection may stay on a chain not in `networks` (option `allowUnsupportedChain`). */
  readonly allowUnsupportedChain: boolean
  /** Option `chainApiUrl`, checked. */
  readonly chainApiUrl: string | undefined
  /** Every feature flag: the option's over SPEC §9's defaults. */
  readonly features: Features
  /** Option `features.socials`, checked: the social logins offered, in order (empty: none). */
  readonly socials: readonly Social[]
  /** Option `frameUrl`, whose origin is the frame's. */
  readonly frameUrl: string
  /**
   * Opens the social login's popup: the frame's "Connecting to {Provider}…" page, which the login then moves
   * to the provider. Call it synchronously in the person's press (Safari blocks a popup opened after an
   * `await`); the only part of the social login in the pre-open code. Null when the browser blocked it.
   */
  openSocialPopup(provider: SocialProvider): Window | null
  /** Tells the dApp (option `onAlert`). */
  alert(alert: KeyframeAlert): void
  /** The project id (option `projectId`). */
  readonly projectId: string
  /** Option `walletConnect`, checked; undefined without it (no WalletConnect offered). */
  readonly walletConnect: WalletConnectConfig | undefined
  /** Options `featuredWalletIds`, `includeWalletIds`, `excludeWalletIds`, `customWallets`, checked. */
  readonly walletOptions: WalletOptions
  /** Where the login cache lives. */
  readonly storage: LoginCacheStorage
  /** Shows `view` on top of the history, or in place of the current view with `replace`. */
  navigate(view: router.ViewName, options?: { replace?: boolean }): void
  /** Shows `view` alone in the history (back then closes). */
  resetTo(view: router.ViewName): void
  /** Whether `frame()` has been called (so a frame may hold a session). */
  frameStarted(): boolean
  isDestroyed(): boolean
  /** Goes one view back, or closes the modal where the spec says back closes it. */
  goBack(): void
  /** Whether the close rules forbid closing now (SPEC §2). */
  isCloseDisabled(): boolean
  /** The instance's runtime of a module (`runtime.ts`), made on first use. */
  runtime<T>(key: RuntimeKey<T>): T
  /** Registers a teardown that `destroy()` runs (newest first); after destroy it runs at once. Returns the unregister. */
  onDestroy(teardown: () => void): () => void
  /**
   * Calls `listener` after `kf.close()` closed the modal (its close button, Escape, the backdrop, the dApp);
   * not when a flow leaves it (going back from a frame view). Returns the unsubscribe.
   */
  onClose(listener: () => void): () => void
  /** The embedded wallet: its connector (eip155's while the e-mail login holds it) and its provider. */
  readonly embedded: EmbeddedWallet
  /** Option `metadata`: the dApp as the modal names it. */
  readonly metadata: KeyframeMetadata | undefined
  /** Option `siwx` or `siweConfig`, checked; undefined when sign-in is off. */
  readonly siwx: SiwxOption | undefined
}

export type Keyframe = {
  /** Opens the modal, on `view` if given (default Account when connected, else Connect). Resolves once the view is rendered. */
  open(options?: { view?: router.ViewName }): Promise<void>
  /** Closes the modal, unless the close rules forbid it (SPEC §2). */
  close(): void
  /** Calls `listener` on every state change. Returns the unsubscribe. */
  subscribe(listener: (state: KeyframeState, previous: KeyframeState) => void): () => void
  getState(): KeyframeState
  /** Switches the modal (and the frame, once loaded) to light or dark. */
  setThemeMode(mode: ThemeMode): void
  /** The frame client, created on first call (the iframe itself loads on first request). */
  frame(): Promise<FrameClient>
  /** Closes and removes the modal and the frame, rejects pending frame requests, drops every listener. */
  destroy(): void
  /** @internal */
  readonly _internal: KeyframeInternal
}

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined'
}

/**
 * Creates a Keyframe instance: the modal's state, its lazily loaded UI and the lazily loaded frame client.
 * Safe to call during server rendering (touches no `window`); `open()` and `frame()` need a browser. In a
 * browser, the connection that connected last is restored at once (SPEC §4): the status starts 'connecting';
 * an injected wallet is asked for its accounts without a prompt, an e-mail login (the login cache's used
 * flag) has the frame load to check the session.
 * @throws {ConfigError} `projectId` is missing (also reported to `onAlert`), or another option is invalid.
 * @example
 * import { createKeyframe } from '@keyframe/sdk'
 * const kf = createKeyframe({
 *   projectId: 'my-project',
 *   frameUrl: 'https://wallet.example.com/frame',
 *   networks: [{ id: 1, name: 'Ethereum' }],
 * })
 * await kf.open()
 */
export function createKeyframe(options: KeyframeOptions): Keyframe {
  const { themeMode, connectMethods, chainId, storage, features, socials, walletConnect, siwx } =
    resolveOptions(options)
  const walletOptions = resolveWalletOptions(options)
  const store = createKeyframeStore({
    themeMode,
    themeVariables: options.themeVariables ?? {},
    activeNamespace: namespaceOf(chainId) ?? 'eip155',
    networkId: chainId,
    networks: listNetworks(options.networks ?? []),
    siwx: initialSiwxState(siwx),
  })
  const subscriptions = new Set<() => void>()
  const instance = createInstanceRuntime()
  const closeListeners = new Set<() => void>()
  let embedded: EmbeddedWallet | undefined
  const toasts = createToasts({
    get: () => store.getState().toast,
    set: (toast) => store.setState({ toast }),
  })
  let destroyed = false
  let ui: ModalUi | undefined
  let uiLoading: Promise<ModalUi> | undefined
  let frameClient: FrameClient | undefined
  let frameLoading: Promise<FrameClient> | undefined

  function alert(value: KeyframeAlert) {
    options.onAlert?.(value)
  }

  // State changes render on React's own schedule (a microtask); only `open()` renders synchronously, so it
  // can resolve once the view is on screen.
  function setHistory(history: router.ViewHistory) {
    store.setState({ open: true, history, view: router.current(history) })
  }

  function isCloseDisabled() {
    const { view, siwx, connections } = store.getState()
    // Sign-in is asked of a connected eip155 account only: disconnected (a required Cancel), the modal closes.
    const required = siwx?.required === true && connections.eip155.status === 'connected'
    return router.isCloseDisabled(view, { required, hasSession: siwx?.session !== undefined })
  }

  /** Closes the modal unless it is closed or the close rules forbid it. Returns whether it closed. */
  function close(): boolean {
    if (!store.getState().open || isCloseDisabled()) return false
    store.setState({ open: false })
    return true
  }

  function loadUi(): Promise<ModalUi> {
    uiLoading ??= import('../ui/mountModal.tsx').then(
      // Opened from a `<head>` script, the modal waits for the page's `<body>`.
      ({ mountModal }) =>
        new Promise<ModalUi>((resolve, reject) => {
          onBody((parent) => {
            if (destroyed) return reject(new DestroyedError('open()'))
            ui = mountModal(kf, parent)
            resolve(ui)
          })
        }),
      (error: unknown) => {
        uiLoading = undefined
        throw error
      },
    )
    return uiLoading
  }

  function reportSyncFailure(cause: unknown) {
    alert({
      code: 'FRAME_SYNC_FAILED',
      message: `Keyframe: the frame refused the dApp's settings: ${(cause as Error)?.message ?? String(cause)}`,
      cause,
    })
  }

  /** `toFrameTheme` is `frameTheme.ts`'s, loaded with the frame client: only a frame needs it. */
  function syncFrame(client: FrameClient, toFrameTheme: typeof frameTheme) {
    const { themeMode, themeVariables } = store.getState()
    // Only the closed set of tokens reaches the frame; what does not fit is left out, and said.
    const { tokens, ignored } = toFrameTheme(themeVariables)
    if (ignored.length > 0) {
      alert({
        code: 'THEME_IGNORED',
        message: `Keyframe: the frame's screens take opaque #rgb/#rrggbb colours, bounded px sizes and a listed font family; ignored ${ignored.join(', ')}.`,
        names: ignored,
      })
    }
    client.request('SYNC_THEME', { themeMode, tokens }).catch(reportSyncFailure)
    client
      .request('SYNC_DAPP_DATA', {
        ...(options.metadata
          ? { metadata: { ...options.metadata, icons: [...options.metadata.icons] } }
          : {}),
        sdkVersion: SDK_VERSION,
        sdkType: 'keyframe',
        projectId: options.projectId,
      })
      .catch(reportSyncFailure)
  }

  const kf: Keyframe = {
    async open(openOptions = {}) {
      if (!isBrowser()) throw new BrowserOnlyError('open()')
      if (destroyed) throw new DestroyedError('open()')
      const { view } = openOptions
      if (view !== undefined && !router.isView(view)) {
        throw new TypeError(
          `Keyframe: unknown view ${JSON.stringify(view)}; use one of ${router.VIEWS.join(', ')}.`,
        )
      }
      const modal = await loadUi()
      if (destroyed) throw new DestroyedError('open()')
      if (!store.getState().open || view !== undefined) {
        const { siwx } = store.getState()
        // Required sign-in (SPEC §4): the dApp cannot be used unsigned, so an account without a session is asked
        // (the active account is eip155's while no other namespace has a connector; the view says if none is).
        const first =
          view ??
          (getAccount(kf).isConnected
            ? siwx?.required && !siwx.session
              ? siwx.view
              : 'Account'
            : router.DEFAULT_VIEW)
        await modal.prepare(first)
        if (destroyed) throw new DestroyedError('open()')
        modal.commit(() => setHistory(router.reset(first)))
      }
    },
    close() {
      if (!close()) return
      for (const listener of [...closeListeners]) listener()
    },
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener)
      const remove = () => {
        subscriptions.delete(remove)
        unsubscribe()
      }
      subscriptions.add(remove)
      return remove
    },
    getState: store.getState,
    setThemeMode(mode) {
      if (!isThemeMode(mode)) {
        throw new TypeError(`Keyframe: theme mode must be "light" or "dark", got ${JSON.stringify(mode)}.`)
      }
      if (store.getState().themeMode === mode) return
      store.setState({ themeMode: mode })
      if (frameClient?.isReady()) {
        frameClient.request('SYNC_THEME', { themeMode: mode }).catch(reportSyncFailure)
      }
    },
    frame() {
      if (!isBrowser()) return Promise.reject(new BrowserOnlyError('frame()'))
      if (destroyed) return Promise.reject(new DestroyedError('frame()'))
      frameLoading ??= Promise.all([
        import('../frame/createFrameClient.ts'),
        import('./frameSession.ts'),
        import('./frameTheme.ts'),
      ]).then(
        ([{ createFrameClient }, { attachFrame }, { frameTheme }]) => {
          if (destroyed) throw new DestroyedError('frame()')
          const client = createFrameClient({
            frameUrl: options.frameUrl,
            projectId: options.projectId,
            chainId,
            onTimeout: (type) => options.onTimeout?.(type),
            onAlert: alert,
          })
          // Every READY (the first, and after a RELOAD) gets the current theme and the dApp's data.
          client.on('READY', () => syncFrame(client, frameTheme))
          attachFrame(kf, client)
          frameClient = client
          return client
        },
        (error: unknown) => {
          frameLoading = undefined
          throw error
        },
      )
      return frameLoading
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      toasts.dismiss()
      // Subscribers hear the modal close; then they are dropped.
      if (store.getState().open) store.setState({ open: false })
      ui?.unmount()
      ui = undefined
      frameClient?.destroy()
      frameClient = undefined
      instance.destroy()
      closeListeners.clear()
      for (const remove of [...subscriptions]) remove()
    },
    _internal: {
      store,
      connectMethods,
      toasts,
      chainId,
      networks: options.networks ?? [],
      allowUnsupportedChain: options.allowUnsupportedChain ?? false,
      chainApiUrl: options.chainApiUrl,
      features,
      socials,
      frameUrl: options.frameUrl,
      alert,
      openSocialPopup: (provider) =>
        window.open(
          `${new URL(options.frameUrl).origin}${SOCIAL_POPUP_PATH}?provider=${provider}`,
          'keyframe-social',
          'popup,width=500,height=640',
        ),
      projectId: options.projectId,
      walletConnect,
      walletOptions,
      storage,
      navigate(view, navigateOptions = {}) {
        const { history } = store.getState()
        setHistory(navigateOptions.replace ? router.replace(history, view) : router.push(history, view))
      },
      resetTo(view) {
        setHistory(router.reset(view))
      },
      frameStarted: () => frameLoading !== undefined,
      isDestroyed: () => destroyed,
      goBack() {
        const back = router.goBack(store.getState().history)
        if (back.close) close()
        else setHistory(back.history)
      },
      isCloseDisabled,
      runtime: (key) => instance.runtime(kf, key),
      onDestroy: instance.onDestroy,
      onClose(listener) {
        closeListeners.add(listener)
        return () => void closeListeners.delete(listener)
      },
      get embedded() {
        embedded ??= createEmbeddedWallet(kf)
        return embedded
      },
      metadata: options.metadata,
      siwx,
    },
  }
  // SPEC §4: on start the stored status is restored, then synced (in a browser; a server has no session).
  // The embedded provider is announced at once (EIP-6963): libraries listening already hear it now.
  if (isBrowser()) {
    watchUnsupportedChain(kf)
    if (options.announceProvider !== false) kf._internal.onDestroy(announceProvider(kf))
    // Sign-in follows the account from the start (a restored one with a stored session is signed in).
    // A failed load leaves it off until `signIn()` loads it again.
    if (siwx)
      import('../siwx/flow.ts').then(
        (m) => m.startSiwx(kf),
        () => {},
      )
    // A social login back from its full-page redirect (the popup was blocked) finishes in the modal. Else the
    // connector that connected last wins: an injected wallet's, WalletConnect's, else the e-mail login's.
    if (globalThis.location?.hash.includes(`${SOCIAL_RETURN_PARAM}=`))
      void import('./socialActions.ts').then((m) => m.resumeSocialLogin(kf))
    else if (!restoreInjected(kf) && !restoreWalletConnect(kf)) restoreConnection(kf)
  }
  return kf
}
