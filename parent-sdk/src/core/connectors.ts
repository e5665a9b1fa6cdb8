/**
 * The connector registry (SPEC §3 connector state): which connector holds the account of each namespace.
 * Kept in the instance's store, so every subscriber sees a change.
 * @module
 */
import type { ChainNamespace } from '@keyframe/protocol/core'
import type { Connector, Eip1193Provider } from '../connectors/types.ts'
import type { Keyframe } from './createKeyframe.ts'
import { watchSelected } from './watch.ts'

/**
 * Makes `connector` the one holding `namespace`'s account, or clears it with `undefined`. Called by the
 * connectors when they connect and disconnect. @internal
 */
export function setActiveConnector(
  kf: Keyframe,
  namespace: ChainNamespace,
  connector: Connector | undefined,
): void {
  const { store } = kf._internal
  const { activeConnectors } = store.getState()
  if (activeConnectors[namespace] === connector) return
  const next = { ...activeConnectors }
  if (connector) next[namespace] = connector
  else delete next[namespace]
  store.setState({ activeConnectors: next })
}

/**
 * The connector holding the account of `namespace` (default `'eip155'`): the embedded wallet, an injected
 * wallet, or none while disconnected.
 * @example
 * import { getActiveConnector } from '@keyframe/sdk'
 * getActiveConnector(kf)?.id // 'embedded' after an e-mail login
 */
export function getActiveConnector(
  kf: Keyframe,
  namespace: ChainNamespace = 'eip155',
): Connector | undefined {
  return kf.getState().activeConnectors[namespace]
}

/**
 * Calls `onChange` when the connector of `namespace` (default `'eip155'`) changes. Returns the unsubscribe.
 * @example
 * import { watchActiveConnector } from '@keyframe/sdk'
 * const unwatch = watchActiveConnector(kf, { onChange: (connector) => console.log(connector?.name) })
 */
export function watchActiveConnector(
  kf: Keyframe,
  parameters: {
    namespace?: ChainNamespace
    onChange(connector: Connector | undefined, previous: Connector | undefined): void
  },
): () => void {
  const { namespace = 'eip155', onChange } = parameters
  return watchSelected(kf, (k) => getActiveConnector(k, namespace), onChange)
}

/**
 * The EIP-1193 provider of the connector holding eip155: the embedded wallet's after an e-mail login, the
 * injected wallet's after connecting one; undefined while disconnected.
 * @example
 * import { getProvider } from '@keyframe/sdk'
 * import { createWalletClient, custom } from 'viem'
 * const provider = await getProvider(kf)
 * if (provider) createWalletClient({ transport: custom(provider) })
 */
export async function getProvider(kf: Keyframe): Promise<Eip1193Provider | undefined> {
  return getActiveConnector(kf, 'eip155')?.getProvider()
}
