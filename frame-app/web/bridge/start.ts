import { createEvent, PROTOCOL_VERSION, REQUEST_TYPES } from '@keyframe/protocol'
import postRobot from 'post-robot'
import { type BridgeContext, createBridgeContext } from './context.ts'
import { dispatch } from './dispatch.ts'
import { applyTheme } from './theme.ts'

/** How long post-robot waits for the parent to take an event. */
const EVENT_TIMEOUT_MS = 5000

export type StartBridgeParameters = {
  /** The frame's window. */
  window: Window
  /** The pinned, allowed parent origin (see `bootFrame`). */
  parentOrigin: string
  projectId: string
  /** CAIP-2 id from the frame URL. */
  chainId: string
}

export type Bridge = {
  readonly context: BridgeContext
  /** Removes every listener and aborts every running request. */
  stop(): void
}

/**
 * Serves the message table to the parent: one post-robot listener per request type, each bound to
 * `window.parent` and the exact parent origin, then READY. Load this module only after `installGuard`:
 * importing post-robot starts its own message listener.
 */
export function startBridge(parameters: StartBridgeParameters): Bridge {
  const { window: win, parentOrigin } = parameters
  const parent = win.parent
  const context = createBridgeContext({
    projectId: parameters.projectId,
    parentOrigin,
    chainId: parameters.chainId,
    applyTheme: (next, previous) => applyTheme(win.document.documentElement, next, previous),
    reload: () => win.location.reload(),
    emit(type, params) {
      // A string domain, never '*'; a parent that is gone or not listening is not the frame's problem.
      postRobot
        .send(parent, type, createEvent(type, params), { domain: parentOrigin, timeout: EVENT_TIMEOUT_MS })
        .then(undefined, () => {})
    },
  })
  const listeners = REQUEST_TYPES.map((type) =>
    postRobot.on(type, { window: parent, domain: parentOrigin }, ({ data }) => dispatch(type, data, context)),
  )
  context.emit('READY', { version: PROTOCOL_VERSION })
  // For benchmarks and devtools: when the frame became able to serve.
  win.performance?.mark?.('keyframe:ready')
  return {
    context,
    stop() {
      for (const listener of listeners) listener.cancel()
      context.aborts.abortAll()
    },
  }
}
