/**
 * AppKit's `siweConfig` as a `siwx` option, with AppKit's meaning: its backend writes the nonce and the text
 * and judges each signed message (`verifyMessage` true keeps it), its `getSession` says who is signed in, its
 * `signOut` ends that. The signed text is kept in the page too (sessions show what was signed).
 * @module
 */
import type { SessionStore } from './store.ts'
import type { SiweConfig, SiwxConfig, SiwxSession } from './types.ts'

/**
 * The {@link SiwxConfig} for an AppKit `siweConfig` (`createKeyframe` does this for its `siweConfig` option).
 * @example
 * import { fromSiweConfig } from '@keyframe/sdk/siwx'
 * const siwx = fromSiweConfig({
 *   getNonce: async () => (await fetch('/siwe/nonce')).text(),
 *   createMessage: ({ address, ...args }) => formatMessage(args, address),
 *   verifyMessage: async ({ message, signature }) => (await fetch('/siwe/verify', { method: 'POST', body: JSON.stringify({ message, signature }) })).ok,
 *   getSession: async () => (await fetch('/siwe/session')).json(),
 *   signOut: async () => (await fetch('/siwe/signout', { method: 'POST' })).ok,
 * })
 */
export function fromSiweConfig(siwe: SiweConfig): SiwxConfig {
  // Imported, not bundled in: the same chunks createSiwx loads (one chunk each, no re-export chunk beside them).
  let stored: Promise<SessionStore> | undefined
  const store = () => {
    stored ??= import('./onUse.ts').then((m) => m.createSessionStore())
    return stored
  }

  const signOut = async () => {
    await siwe.signOut()
    siwe.onSignOut?.()
  }

  return {
    async createMessage(input) {
      const { createSiwxMessage, eip155Reference } = await import('./onUse.ts')
      const chainId = eip155Reference(input.chainId)
      const params = (await siwe.getMessageParams?.()) ?? {}
      const page = globalThis.location
      const domain = params.domain ?? page?.host
      const uri = params.uri ?? page?.origin
      if (!domain || !uri)
        throw new Error('siweConfig needs getMessageParams() to give domain and uri outside a page')
      const nonce = await siwe.getNonce(input.accountAddress)
      const issuedAt = params.iat ?? new Date().toISOString()
      // AppKit: `expiry` is in seconds from issuedAt; `exp`, `nbf` are the times themselves.
      const expirationTime =
        params.exp ??
        (params.expiry === undefined
          ? undefined
          : new Date(Date.parse(issuedAt) + params.expiry * 1000).toISOString())
      const notBefore = params.nbf ?? params.notBefore
      const text = siwe.createMessage({
        address: `did:pkh:eip155:${chainId}:${input.accountAddress}`,
        chainId,
        nonce,
        domain,
        uri,
        version: '1',
        iat: issuedAt,
        ...(expirationTime === undefined ? {} : { exp: expirationTime }),
        ...(notBefore === undefined ? {} : { nbf: notBefore }),
        ...(params.statement === undefined ? {} : { statement: params.statement }),
        ...(params.requestId === undefined ? {} : { requestId: params.requestId }),
        ...(params.resources === undefined ? {} : { resources: params.resources }),
      })
      // The fields checked and dated as the default builder does; the text is the dApp's own.
      const fields = createSiwxMessage({
        ...input,
        domain,
        uri,
        version: '1',
        nonce,
        issuedAt,
        ...(expirationTime === undefined ? {} : { expirationTime }),
        ...(notBefore === undefined ? {} : { notBefore }),
        ...(params.requestId === undefined ? {} : { requestId: params.requestId }),
        ...(params.resources === undefined ? {} : { resources: params.resources }),
        ...(params.statement === undefined ? {} : { statement: params.statement }),
      })
      return { ...fields, toString: () => text }
    },
    async addSession(session) {
      const kept = await siwe.verifyMessage({ message: session.message, signature: session.signature })
      if (!kept) throw new Error('The server did not accept the signed message')
      ;(await store()).add(session)
      const { eip155Reference } = await import('./onUse.ts')
      siwe.onSignIn?.({
        address: session.data.accountAddress,
        chainId: eip155Reference(session.data.chainId),
      })
    },
    async revokeSession(chainId, address) {
      ;(await store()).remove(chainId, address)
      await signOut()
    },
    async setSessions(sessions) {
      ;(await store()).set(sessions)
      if (sessions.length === 0) await signOut()
    },
    async getSessions(chainId, address) {
      const current = await backendSession()
      if (
        !current ||
        current.address.toLowerCase() !== address.toLowerCase() ||
        `eip155:${current.chainId}` !== chainId
      )
        return []
      return [(await store()).get(chainId, address) ?? signedElsewhere(current.address, chainId)]
    },
    getRequired: () => siwe.required ?? false,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
  }

  // AppKit reads a failing getSession as "not signed in".
  async function backendSession() {
    try {
      return (await siwe.getSession()) ?? undefined
    } catch {
      return undefined
    }
  }
}

/**
 * The backend's word that `address` is signed in, without the text it signed (another tab, or before this
 * page kept sessions): AppKit's session of an empty message and signature.
 */
function signedElsewhere(address: string, chainId: `${string}:${string}`): SiwxSession {
  const page = globalThis.location
  return {
    data: {
      accountAddress: address,
      chainId,
      domain: page?.host ?? '',
      uri: page?.origin ?? '',
      version: '1',
      nonce: '',
      issuedAt: '',
    },
    message: '',
    signature: '0x',
  }
}
