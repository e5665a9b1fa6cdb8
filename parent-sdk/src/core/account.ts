/**
 * The account as the dApp reads it: the active namespace's connection (SPEC §3 account state) and each
 * namespace's, with watchers. The actions that change them live in `connection.ts`.
 * @module
 */
import type { Caip2Id, Caip10Id, ChainNamespace } from '@keyframe/protocol/core'
import type { Keyframe } from './createKeyframe.ts'
import { type AccountUser, type ConnectionStatus, DISCONNECTED, type NamespaceConnection } from './store.ts'
import { memoPerInstance, watchSelected } from './watch.ts'

/** The account of the active namespace. */
export type Account = {
  readonly status: ConnectionStatus
  readonly isConnected: boolean
  readonly isConnecting: boolean
  readonly isDisconnected: boolean
  /** The namespace these fields come from. */
  readonly namespace: ChainNamespace
  readonly address: string | undefined
  /** CAIP-10 id, e.g. `eip155:1:0xab…`. */
  readonly caipAddress: Caip10Id | undefined
  /** CAIP-2 id of the account's chain. */
  readonly chainId: Caip2Id | undefined
  /** E-mail and user name of the logged-in person. */
  readonly user: AccountUser | undefined
}

const selectAccount = memoPerInstance<Account>(
  (kf) => {
    const { connections, activeNamespace } = kf.getState()
    const connection = connections[activeNamespace] ?? DISCONNECTED
    const { status } = connection
    return {
      status,
      isConnected: status === 'connected',
      isConnecting: status === 'connecting',
      isDisconnected: status === 'disconnected',
      namespace: activeNamespace,
      address: connection.address,
      caipAddress: connection.caipAddress,
      chainId: connection.chainId,
      user: connection.user,
    }
  },
  // By value: reading the same user again (a sync, a session update) is no change.
  (a, b) =>
    a.namespace === b.namespace &&
    a.status === b.status &&
    a.address === b.address &&
    a.caipAddress === b.caipAddress &&
    a.chainId === b.chainId &&
    a.user?.email === b.user?.email &&
    a.user?.username === b.user?.username,
)

/**
 * The account: its status (disconnected, connecting, connected), address, CAIP ids and user. The same
 * object is returned until one of its fields changes.
 * @example
 * import { getAccount } from '@keyframe/sdk'
 * const { status, address, user } = getAccount(kf)
 */
export function getAccount(kf: Keyframe): Account {
  return selectAccount(kf)
}

/**
 * Calls `onChange` when the account's status, address, chain or user changes. Returns the unsubscribe.
 * @example
 * import { watchAccount } from '@keyframe/sdk'
 * const unwatch = watchAccount(kf, { onChange: (account) => console.log(account.status, account.address) })
 */
export function watchAccount(
  kf: Keyframe,
  parameters: { onChange(account: Account, previous: Account): void },
): () => void {
  return watchSelected(kf, getAccount, parameters.onChange)
}

/**
 * The connection of one namespace (default: the active one): its status and account fields.
 * @example
 * import { getConnection } from '@keyframe/sdk'
 * getConnection(kf, { namespace: 'solana' }).status // 'disconnected'
 */
export function getConnection(
  kf: Keyframe,
  parameters: { namespace?: ChainNamespace } = {},
): NamespaceConnection {
  const { connections, activeNamespace } = kf.getState()
  return connections[parameters.namespace ?? activeNamespace] ?? DISCONNECTED
}

/**
 * Calls `onChange` when the connection of one namespace (default: the active one) changes. Returns the
 * unsubscribe.
 * @example
 * import { watchConnection } from '@keyframe/sdk'
 * const unwatch = watchConnection(kf, { namespace: 'eip155', onChange: ({ status }) => console.log(status) })
 */
export function watchConnection(
  kf: Keyframe,
  parameters: {
    namespace?: ChainNamespace
    onChange(connection: NamespaceConnection, previous: NamespaceConnection): void
  },
): () => void {
  const { namespace } = parameters
  return watchSelected(kf, (k) => getConnection(k, namespace ? { namespace } : {}), parameters.onChange)
}
