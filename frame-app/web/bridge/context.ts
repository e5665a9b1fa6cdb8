import type { EventPayload, EventType, ParsedParams } from '@keyframe/protocol'
import { type AbortRegistry, createAbortRegistry } from './abortRegistry.ts'
import type { ThemeState } from './theme.ts'

/**
 * A logged-in session inside the frame. None exist yet: the e-mail login issue adds them (and their shape).
 * Until then every request the table marks `needsSession` is refused with 4100.
 */
export type Session = { readonly id: string }

/** What SYNC_DAPP_DATA told the frame about the dApp. */
export type DappData = Omit<ParsedParams<'SYNC_DAPP_DATA'>, 'projectId'>

/** The frame's mutable state, owned by one bridge. */
export type BridgeState = {
  /** CAIP-2 id: from the frame URL, then changed by network switches. */
  chainId: string
  session: Session | null
  theme: ThemeState
  dapp: DappData | null
}

/** What every handler sees, for the lifetime of the bridge. */
export type BridgeContext = {
  /** The project this frame document was served for (from the server-injected config). */
  readonly projectId: string
  /** The pinned parent origin every message came from. */
  readonly parentOrigin: string
  readonly state: BridgeState
  /** Running requests by id (RPC_ABORT, teardown). */
  readonly aborts: AbortRegistry
  /** Applies a theme to the frame document (the DOM in the browser, a recorder in tests). */
  applyTheme(next: ThemeState, previous: ThemeState): void
  /** Reloads the frame document. */
  reload(): void
  /** Sends a frame → parent event (never throws; delivery failures are dropped). */
  emit<T extends EventType>(type: T, params: EventPayload<T>): void
}

/** What one handler call sees: the bridge plus this request's id and abort signal. */
export type RequestContext = BridgeContext & { readonly id: string; readonly signal: AbortSignal }

export type CreateBridgeContextParameters = {
  projectId: string
  parentOrigin: string
  /** CAIP-2 id from the frame URL. */
  chainId: string
  applyTheme?: BridgeContext['applyTheme']
  reload?: BridgeContext['reload']
  emit?: BridgeContext['emit']
}

/** Builds the context one bridge (or one test) dispatches with. Side effects default to no-ops. */
export function createBridgeContext(parameters: CreateBridgeContextParameters): BridgeContext {
  const noop = () => {}
  return {
    projectId: parameters.projectId,
    parentOrigin: parameters.parentOrigin,
    state: {
      chainId: parameters.chainId,
      session: null,
      theme: { mode: undefined, variables: {} },
      dapp: null,
    },
    aborts: createAbortRegistry(),
    applyTheme: parameters.applyTheme ?? noop,
    reload: parameters.reload ?? noop,
    emit: parameters.emit ?? noop,
  }
}
