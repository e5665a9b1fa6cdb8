/**
 * Test support: a frame document served by a frame server app (the real one, from the server's test
 * harness), in a browser storage partition of its own (a fake IndexedDB and localStorage), with its
 * requests to the server recorded. Requests go through `dispatch`, as the parent's would.
 * @module
 */

import type { RequestType } from '@keyframe/protocol'
import { IDBFactory } from 'fake-indexeddb'
import { type AccountServices, createBridgeContext } from '../bridge/context.ts'
import { dispatch } from '../bridge/dispatch.ts'
import { createSocialInbox } from '../login/socialInbox.ts'
import { createApi } from '../session/api.ts'
import { createTokenStore } from '../session/tokenStore.ts'
import type { PassphrasePrompter } from '../wallet/custody.ts'
import { type DeviceStore, openDeviceStore } from '../wallet/deviceStore.ts'

export const FRAME_ORIGIN = 'http://localhost'
export const PARENT_ORIGIN = 'http://127.0.0.1:5173'

/** What survives a reload of the frame in one top-level site: its IndexedDB and its localStorage. */
export function partition() {
  const storage = new Map<string, string>()
  return {
    indexedDB: new IDBFactory(),
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  }
}

export type TestFrameOptions = {
  /** The frame server app's `request` (the harness's `app`). */
  app: { request(input: string, init: RequestInit): Response | Promise<Response> }
  projectId: string
  /** Default a new one. */
  where?: ReturnType<typeof partition>
  /** Default: a prompt nobody answers. */
  prompter?: PassphrasePrompter
}

/** A frame document loaded in `where` (a new bridge context: nothing in memory). */
export function testFrame(options: TestFrameOptions) {
  const where = options.where ?? partition()
  const sent: { path: string; body: unknown }[] = []
  const tokens = createTokenStore(where.localStorage)
  let store: Promise<DeviceStore> | undefined
  const devices = () => {
    store ??= openDeviceStore(where.indexedDB)
    return store
  }
  const account: AccountServices = {
    api: createApi({
      origin: FRAME_ORIGIN,
      tokens,
      devices,
      fetch: async (input, init) => {
        // As the browser's fetch: an aborted request is never sent (the app's `request` ignores signals).
        init.signal?.throwIfAborted()
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
        sent.push({ path: new URL(input).pathname, body })
        return options.app.request(input, init)
      },
    }),
    tokens,
    devices,
    prompt: async () => options.prompter ?? { ask: () => new Promise(() => {}), close() {} },
    custody: () => import('../wallet/custody.ts'),
    socialInbox: createSocialInbox(),
  }
  const events: { type: string; params: unknown }[] = []
  const ctx = createBridgeContext({
    projectId: options.projectId,
    parentOrigin: PARENT_ORIGIN,
    chainId: 'eip155:31337',
    emit: (type, params) => events.push({ type, params }),
    account,
  })
  const send = (type: RequestType, params: unknown = {}, id: string = crypto.randomUUID()) =>
    dispatch(type, { v: 1, id, params }, ctx)
  /** The requests that reached the server on `path`. */
  const reached = (path: string) => sent.filter((request) => request.path === path)
  return { ctx, account, send, sent, reached, events }
}

/** The answer's result, or a failure naming its error. */
export function ok(reply: { ok: boolean; result?: unknown; error?: unknown }) {
  if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`)
  return reply.result as Record<string, unknown> | null
}
