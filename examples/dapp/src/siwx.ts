import type { KeyframeOptions } from '@keyframe/sdk'
import type { DemoSignIn } from './config.ts'

/** The answer of the example backend's `GET /siwx/session` (the devstack serves it on this page's origin). */
export type BackendSession = { address: string; chainId: number }

export async function backendSession(): Promise<BackendSession | undefined> {
  const response = await fetch('/siwx/session')
  if (response.status === 401) return undefined
  if (!response.ok) throw new Error(`GET /siwx/session answered ${response.status}`)
  return (await response.json()) as BackendSession
}

/**
 * The sign-in option for `mode`, against the example backend on this origin (`/siwx/…`). `required` and
 * `optional` use `createSiwx` of `@keyframe/sdk/siwx`; `siwe` passes an AppKit-style `siweConfig` (the
 * older name), optional. Loaded on demand: a page without `?siwx=` carries no sign-in code.
 */
export async function signInOptions(mode: DemoSignIn): Promise<Pick<KeyframeOptions, 'siwx' | 'siweConfig'>> {
  if (mode === 'siwe') return { siweConfig: await siweConfig() }
  const { createSiwx } = await import('@keyframe/sdk/siwx')
  return {
    siwx: createSiwx({
      statement: 'Sign in to the Keyframe demo.',
      required: mode === 'required',
      getNonce: nonce,
      verify: async ({ message, signature }) => {
        await post('/siwx/verify', { message, signature })
      },
      revoke: async () => {
        await post('/siwx/signout')
      },
    }),
  }
}

async function siweConfig(): Promise<NonNullable<KeyframeOptions['siweConfig']>> {
  const { createSiweMessage } = await import('viem/siwe')
  return {
    getNonce: nonce,
    createMessage: ({ address, chainId, nonce, domain, uri, statement, iat, exp }) =>
      createSiweMessage({
        // AppKit passes the account as a did:pkh (`did:pkh:eip155:1:0x…`): its last part is the address.
        address: address.split(':').at(-1) as `0x${string}`,
        chainId,
        nonce,
        domain,
        uri,
        version: '1',
        ...(statement ? { statement } : {}),
        ...(iat ? { issuedAt: new Date(iat) } : {}),
        ...(exp ? { expirationTime: new Date(exp) } : {}),
      }),
    verifyMessage: async (signed) => {
      try {
        await post('/siwx/verify', signed)
        return true
      } catch {
        return false
      }
    },
    getSession: async () => (await backendSession()) ?? null,
    signOut: async () => {
      await post('/siwx/signout')
      return true
    },
    getMessageParams: async () => ({ statement: 'Sign in to the Keyframe demo.' }),
  }
}

async function nonce(): Promise<string> {
  const response = await fetch('/siwx/nonce')
  if (!response.ok) throw new Error(`GET /siwx/nonce answered ${response.status}`)
  return response.text()
}

/** POSTs to the backend; a refusal throws its `error` (the flow shows it as 'Sign-in was refused: …'). */
async function post(path: string, body?: unknown): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  if (response.ok) return
  const answer = (await response.json().catch(() => ({}))) as { error?: string }
  throw new Error(answer.error ?? `POST ${path} answered ${response.status}`)
}
