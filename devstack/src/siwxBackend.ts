/**
 * The example SIWX backend (`@keyframe/example-siwx-server`) as each dApp site of the stack serves it at
 * `/siwx`: a verifier over the stack's chains for that site's origin, its cookies signed with a secret made for this run.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { DevChain } from '@keyframe/dev-fixtures'
import { createSiwxApp } from '@keyframe/example-siwx-server'
import { createSiwxVerifier, sessionCookie } from '@keyframe/sdk/siwx/server'
import { createPublicClient, http, type PublicClient } from 'viem'

/** Makes the backend of one site; `origins` answers that site's origin once it listens. */
export function siwxBackend(
  chains: () => readonly DevChain[],
): (origins: () => readonly string[]) => ReturnType<typeof createSiwxApp> {
  const clients = new Map<number, PublicClient>()
  const getClient = (chainId: number) => {
    const chain = chains().find((candidate) => candidate.chainId === chainId)
    if (!chain) return undefined
    const client = clients.get(chainId) ?? createPublicClient({ transport: http(chain.rpcUrl) })
    clients.set(chainId, client)
    return client
  }
  // The dApp sites are plain http on loopback: no Secure flag, or the browser would drop the cookie.
  const cookie = sessionCookie({ secret: randomBytes(32).toString('hex'), secure: false })
  // A verifier per site: each accepts its own site's origin only, as each dApp's backend would.
  return (origins) => createSiwxApp({ verifier: createSiwxVerifier({ getClient, origins }), cookie, origins })
}
