/**
 * Test support for the RPC layer: a frame logged in against the real server app (the harness: PGlite,
 * real mail catcher), with its own fake IndexedDB, driven through `dispatch` as the parent would, and an
 * approval step the test decides (the real screen needs a person and a browser; `web/approve` tests it).
 * @module
 */

import type { AddableChain } from '@keyframe/protocol/frame-api/addableChains'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import { IDBFactory } from 'fake-indexeddb'
import { codeIn, type Harness } from '../../server/testing/harness.ts'
import type { ApprovalDetails } from '../approve/details.ts'
import type { RequestApprovalContext } from '../approve/requestApproval.ts'
import { type AccountServices, createBridgeContext } from '../bridge/context.ts'
import { dispatch } from '../bridge/dispatch.ts'
import { type Handlers, handlers } from '../bridge/handlers.ts'
import { createSocialInbox } from '../login/socialInbox.ts'
import { createApi } from '../session/api.ts'
import { createTokenStore } from '../session/tokenStore.ts'
import type { PassphrasePrompter } from '../wallet/custody.ts'
import { type DeviceStore, openDeviceStore } from '../wallet/deviceStore.ts'
import { loadAddedChains, saveAddedChain } from './addedChains.ts'
import { rpcRequest } from './rpcRequest.ts'

/** The person at the approval screen, as a test plays them: approves by default. */
export function approver() {
  const seen: { details: ApprovalDetails; context: RequestApprovalContext }[] = []
  let decide: (details: ApprovalDetails, context: RequestApprovalContext) => Promise<void> = async () => {}
  return {
    seen,
    /** What the person does with the next approvals. */
    decides(next: typeof decide) {
      decide = next
    },
    requestApproval(details: ApprovalDetails, context: RequestApprovalContext) {
      seen.push({ details, context })
      return decide(details, context)
    },
  }
}
export type Approver = ReturnType<typeof approver>

export type TestFrameOptions = {
  chains: FrameChain[]
  /** The operator's `wallet_addEthereumChain` policy (default none). */
  addableChains?: AddableChain[]
  approver: Approver
  /** Default 'ops' (operator recovery: no passphrase prompt). */
  projectId?: string
  parentOrigin?: string
  chainId?: string
  /** The frame's prompt, as the test plays the person at it; by default there is none (asking throws). */
  prompter?: PassphrasePrompter
}

/** One browser storage partition: what a reload of the frame keeps (its localStorage and IndexedDB). */
type Partition = { storage: Map<string, string>; indexedDB: IDBFactory }

/**
 * A new frame in a new storage partition, logged in as `email` (a new wallet on first login).
 * `serverCalls` counts the frame's calls to its server by path; `reload()` opens the frame again in the
 * same partition (a new page: nothing in memory).
 */
export async function loggedInFrame(harness: Harness, email: string, options: TestFrameOptions) {
  const partition: Partition = { storage: new Map(), indexedDB: new IDBFactory() }
  const frame = openFrame(harness, partition, options)
  await frame.logIn(email)
  const address = frame.ctx.state.session!.address as `0x${string}`
  return {
    ...frame,
    address,
    reload: () => openFrame(harness, partition, options),
    /** The frame opened again in the same partition, embedded by another site. */
    reloadFor: (parentOrigin: string) => openFrame(harness, partition, { ...options, parentOrigin }),
  }
}

/** The frame document loaded in `partition`, not logged in (see {@link loggedInFrame}). */
export function openFrame(harness: Harness, partition: Partition, options: TestFrameOptions) {
  const { storage, indexedDB } = partition
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  }
  const tokens = createTokenStore(localStorage)
  const serverCalls: string[] = []
  let store: Promise<DeviceStore> | undefined
  const devices = () => {
    store ??= openDeviceStore(indexedDB)
    return store
  }
  const account: AccountServices = {
    api: createApi({
      origin: 'http://localhost',
      tokens,
      devices,
      fetch: async (input, init) => {
        serverCalls.push(new URL(input).pathname)
        return harness.app.request(input, init)
      },
    }),
    tokens,
    devices,
    // The person types the mailed login code into the frame's prompt; anything else is the test's prompter.
    prompt: async () => {
      let asking: PassphrasePrompter | undefined
      return {
        async ask(kind, askOptions) {
          const email = ctx.state.login?.email
          if (kind === 'login_code' && email) {
            asking = undefined
            return codeIn(await harness.mail.waitFor(email, { subject: 'login code' }))
          }
          if (!options.prompter) throw new Error('no passphrase prompt in these tests')
          asking = options.prompter
          return asking.ask(kind, askOptions)
        },
        close: () => asking?.close(),
      }
    },
    custody: () => import('../wallet/custody.ts'),
    socialInbox: createSocialInbox(),
  }
  const events: { type: string; params: unknown }[] = []
  const parentOrigin = options.parentOrigin ?? 'https://ops.example'
  const addableChains = options.addableChains ?? []
  // As main.ts starts the bridge: the chains added for this dApp in this partition come back.
  const ctx = createBridgeContext({
    projectId: options.projectId ?? 'ops',
    parentOrigin,
    chainId: options.chainId ?? 'eip155:31337',
    chains: [
      ...options.chains,
      ...loadAddedChains(localStorage, parentOrigin, { addableChains, ...options }),
    ],
    addableChains,
    keepChain: (chain) => saveAddedChain(localStorage, parentOrigin, chain),
    emit: (type, params) => events.push({ type, params }),
    account,
  })
  const table: Handlers = {
    ...handlers,
    RPC_REQUEST: (params, c) => rpcRequest(params, c, { requestApproval: options.approver.requestApproval }),
  }
  const send = (type: string, params: unknown = {}, id: string = crypto.randomUUID()) =>
    dispatch(type, { v: 1, id, params }, ctx, table)
  /** The result of a request that must succeed. */
  const ok = async (type: string, params: unknown = {}) => {
    const reply = await send(type, params)
    if (!reply.ok) throw new Error(`${type} refused: ${JSON.stringify(reply.error)}`)
    return reply.result
  }
  /** An RPC request's reply. */
  const rpc = (method: string, params?: unknown, chainId?: string) =>
    send('RPC_REQUEST', { method, ...(params !== undefined && { params }), ...(chainId && { chainId }) })
  /** An e-mail login with the mailed code (mind the server's 30 s resend cooldown between two). */
  const logIn = async (email: string) => {
    await ok('CONNECT_EMAIL', { email })
    await ok('CONNECT_OTP')
  }
  return { ctx, events, send, ok, rpc, logIn, account, serverCalls, store: () => account.devices() }
}

/** A dev chain as the frame server is configured with it. */
export function frameChainOf(chain: {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: FrameChain['nativeCurrency']
}): FrameChain {
  return { id: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl, nativeCurrency: chain.nativeCurrency }
}
