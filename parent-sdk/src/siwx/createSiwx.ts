/**
 * The default `siwx` option: EIP-4361 messages for the page's own origin with a nonce from the dApp's backend,
 * the backend's verdict on each signed one, and the sessions kept in the page per chain and address.
 * @module
 */
import type { Caip2Id } from '@keyframe/protocol/core'
import type { RecapCapabilities } from '@keyframe/protocol/recap'
import type { SessionStore, SiwxStorage } from './store.ts'
import type { SiwxConfig, SiwxMessageInput, SiwxSession } from './types.ts'

const ONE_DAY_MS = 86_400_000

export type CreateSiwxParameters = {
  /** Asks the dApp's backend for a fresh nonce (at least 8 alphanumerics, single use). */
  getNonce(input: SiwxMessageInput): Promise<string>
  /**
   * Has the dApp's backend check a signed session (e.g. `POST /siwx/verify`); throw to refuse it — the person
   * sees "Sign-in was refused: {your error's message}" and the session is not kept. Default: kept unchecked.
   */
  verify?(session: SiwxSession): Promise<unknown>
  /** Where the sessions of an account come from, when the dApp keeps them itself. Default: the page's store. */
  getSessions?(chainId: Caip2Id, address: string): Promise<readonly SiwxSession[]>
  /** Tells the dApp's backend an account signed out (e.g. `POST /siwx/signout`). */
  revoke?(chainId: Caip2Id, address: string): Promise<unknown>
  /** One line shown above the message's fields. */
  statement?: string
  /** How long a sign-in lasts, in milliseconds (default one day); `null`: no expiration time. */
  expiresIn?: number | null
  /** When the sign-in starts to count (default: at once). */
  notBefore?: Date | string
  requestId?: string
  /** URIs the sign-in covers. */
  resources?: readonly string[]
  /** ERC-5573 capabilities: added as a ReCap resource and in words to the statement. */
  capabilities?: RecapCapabilities
  /** Whether the dApp can only be used signed in (default false). */
  required?: boolean
  /** Whether disconnecting signs out (default true). */
  signOutOnDisconnect?: boolean
  /** Where sessions are kept (default `localStorage`, key `@keyframe/siwx`); `null`: memory only. */
  storage?: SiwxStorage | null
}

/**
 * A `siwx` option for `createKeyframe` that signs in with EIP-4361 messages for this page's origin.
 * @example
 * import { createKeyframe } from '@keyframe/sdk'
 * import { createSiwx } from '@keyframe/sdk/siwx'
 * const kf = createKeyframe({
 *   // …
 *   siwx: createSiwx({
 *     getNonce: async () => (await fetch('/siwx/nonce')).text(),
 *     verify: async ({ message, signature }) => {
 *       const res = await fetch('/siwx/verify', { method: 'POST', body: JSON.stringify({ message, signature }) })
 *       if (!res.ok) throw new Error((await res.json()).error)
 *     },
 *     revoke: () => fetch('/siwx/signout', { method: 'POST' }),
 *     required: true,
 *   }),
 * })
 */
export function createSiwx(parameters: CreateSiwxParameters): SiwxConfig {
  const expiresIn = parameters.expiresIn === undefined ? ONE_DAY_MS : parameters.expiresIn
  // The message writer (with its keccak) and the store load with the first sign-in call, not with the dApp's
  // startup code that calls createSiwx.
  let stored: Promise<SessionStore> | undefined
  const store = () => {
    stored ??= import('./onUse.ts').then((m) => m.createSessionStore(parameters.storage))
    return stored
  }

  return {
    async createMessage(input) {
      const { createSiwxMessage, eip155Reference } = await import('./onUse.ts')
      eip155Reference(input.chainId)
      const page = globalThis.location
      if (!page) throw new Error('createSiwx writes messages for a page: there is no `location` here')
      const nonce = await parameters.getNonce(input)
      const now = Date.now()
      const { statement, resources } = parameters.capabilities
        ? (await import('./recapWriter.ts')).withRecap(parameters, parameters.capabilities)
        : parameters
      return createSiwxMessage({
        ...input,
        domain: page.host,
        uri: page.origin,
        version: '1',
        nonce,
        issuedAt: new Date(now).toISOString(),
        ...(expiresIn === null ? {} : { expirationTime: new Date(now + expiresIn).toISOString() }),
        ...(parameters.notBefore === undefined
          ? {}
          : {
              notBefore:
                typeof parameters.notBefore === 'string'
                  ? parameters.notBefore
                  : parameters.notBefore.toISOString(),
            }),
        ...(parameters.requestId === undefined ? {} : { requestId: parameters.requestId }),
        ...(resources === undefined ? {} : { resources }),
        ...(statement === undefined ? {} : { statement }),
      })
    },
    async addSession(session) {
      await parameters.verify?.(session)
      const sessions = await store()
      sessions.add(session)
    },
    async revokeSession(chainId, address) {
      const sessions = await store()
      sessions.remove(chainId, address)
      await parameters.revoke?.(chainId, address)
    },
    async setSessions(sessions) {
      const kept = await store()
      kept.set(sessions)
    },
    async getSessions(chainId, address) {
      if (!parameters.getSessions) {
        const session = (await store()).get(chainId, address)
        return session ? [session] : []
      }
      const [{ isLive, isSessionOf }, sessions] = await Promise.all([
        import('./onUse.ts'),
        parameters.getSessions(chainId, address),
      ])
      return sessions.filter((session) => isLive(session) && isSessionOf(session, chainId, address))
    },
    getRequired: () => parameters.required ?? false,
    signOutOnDisconnect: parameters.signOutOnDisconnect ?? true,
  }
}
