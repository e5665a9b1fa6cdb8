/**
 * Network list rules (SPEC §4, §5, §8).
 * @module
 */
import { type Caip2Id, parseCaip2 } from '../caip.ts'
import { UNKNOWN_NETWORK_NAME } from '../constants.ts'

/** The fields of a network (SPEC §3) that the list rules read. */
export type NetworkRef = { caipNetworkId: string; chainNamespace: string }

/** Placeholder for a chain id the app does not support (SPEC §4). */
export type UnsupportedNetwork = {
  /** A number for a decimal eip155 reference, else the reference string. */
  id: number | string
  caipNetworkId: Caip2Id
  chainNamespace: string
  name: typeof UNKNOWN_NETWORK_NAME
  nativeCurrency: { name: string; decimals: number; symbol: string }
  rpcUrls: { default: { http: string[] } }
}

/**
 * Returns `networks` without the one whose `caipNetworkId` is `id`; unchanged (a copy) when none matches.
 * @throws {Error} 'Cannot remove last network for a namespace' when it is the only network of its namespace.
 * @example
 * import { removeNetwork } from '@keyframe/protocol'
 * removeNetwork(networks, 'eip155:137')
 */
export function removeNetwork<T extends NetworkRef>(networks: readonly T[], id: string): T[] {
  const target = networks.find((network) => network.caipNetworkId === id)
  if (target === undefined) return [...networks]
  const siblings = networks.filter((network) => network.chainNamespace === target.chainNamespace)
  if (siblings.length <= 1) throw new Error('Cannot remove last network for a namespace')
  return networks.filter((network) => network !== target)
}

/**
 * A placeholder network named 'Unknown Network' for an unsupported CAIP-2 chain id, with no RPC URLs.
 * @throws {InvalidCaip2Error} when `caipNetworkId` is not CAIP-2.
 * @example
 * import { unsupportedNetwork } from '@keyframe/protocol'
 * unsupportedNetwork('eip155:999').name // 'Unknown Network'
 */
export function unsupportedNetwork(caipNetworkId: string): UnsupportedNetwork {
  const { namespace, reference } = parseCaip2(caipNetworkId)
  return {
    id: namespace === 'eip155' && /^(?:0|[1-9][0-9]{0,14})$/.test(reference) ? Number(reference) : reference,
    caipNetworkId: `${namespace}:${reference}`,
    chainNamespace: namespace,
    name: UNKNOWN_NETWORK_NAME,
    nativeCurrency: { name: '', decimals: 0, symbol: '' },
    rpcUrls: { default: { http: [] } },
  }
}
