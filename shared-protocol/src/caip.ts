/**
 * CAIP-2 chain ids (`namespace:reference`) and CAIP-10 account ids (`namespace:reference:address`), SPEC §5.
 * Self-contained on purpose: its errors carry code -32602 (invalid params) without importing `./errors`.
 * @module
 */

/** CAIP-2 namespace: 3 to 8 of `[-a-z0-9]`. */
const NAMESPACE = /^[-a-z0-9]{3,8}$/
/** CAIP-2 reference: 1 to 32 of `[-_a-zA-Z0-9]`. */
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
/** CAIP-10 account address: 1 to 128 of `[-.%a-zA-Z0-9]`. */
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
/** A decimal chain id without leading zeros. */
const DECIMAL = /^(?:0|[1-9][0-9]*)$/
/** A hex chain id as EIP-1193 wallets report it (`0x1`). */
const HEX = /^0x[0-9a-fA-F]+$/

/** A CAIP-2 chain id string, e.g. `eip155:1`. */
export type Caip2Id = `${string}:${string}`
/** A CAIP-10 account id string, e.g. `eip155:1:0xab…`. */
export type Caip10Id = `${string}:${string}:${string}`
/** The parts of a CAIP-2 chain id. */
export type Caip2 = { namespace: string; reference: string }
/** The parts of a CAIP-10 account id; `chainId` is its CAIP-2 chain id. */
export type Caip10 = Caip2 & { address: string; chainId: Caip2Id }

/** Thrown when a string is not a CAIP-2 chain id (SPEC §5). */
export class InvalidCaip2Error extends Error {
  override readonly name = 'InvalidCaip2Error'
  /** JSON-RPC invalid params. */
  readonly code = -32602
  /** The rejected value. */
  readonly value: string
  constructor(id: string) {
    super(`Invalid CAIP-2 network id: ${id}`)
    this.value = id
  }
}

/** Thrown when a string is not a CAIP-10 account id (SPEC §5, §8 wording). */
export class InvalidCaip10Error extends Error {
  override readonly name = 'InvalidCaip10Error'
  /** JSON-RPC invalid params. */
  readonly code = -32602
  /** The rejected value. */
  readonly value: string
  constructor(address: string) {
    super(`Invalid CAIP-10 address: ${address}`)
    this.value = address
  }
}

function isValidCaip2Parts(namespace: string, reference: string): boolean {
  return NAMESPACE.test(namespace) && REFERENCE.test(reference)
}

/**
 * Splits a CAIP-2 chain id into namespace and reference.
 * @throws {InvalidCaip2Error} unless `id` has exactly 2 colon-separated parts matching CAIP-2.
 * @example
 * import { parseCaip2 } from '@keyframe/protocol'
 * parseCaip2('eip155:1') // { namespace: 'eip155', reference: '1' }
 */
export function parseCaip2(id: string): Caip2 {
  const parts = typeof id === 'string' ? id.split(':') : []
  const [namespace, reference] = parts
  if (parts.length !== 2 || namespace === undefined || reference === undefined)
    throw new InvalidCaip2Error(String(id))
  if (!isValidCaip2Parts(namespace, reference)) throw new InvalidCaip2Error(id)
  return { namespace, reference }
}

/**
 * Joins a namespace and a reference into a CAIP-2 chain id.
 * @throws {InvalidCaip2Error} when either part breaks CAIP-2.
 * @example
 * import { formatCaip2 } from '@keyframe/protocol'
 * formatCaip2({ namespace: 'eip155', reference: '137' }) // 'eip155:137'
 */
export function formatCaip2({ namespace, reference }: Caip2): Caip2Id {
  const id: Caip2Id = `${namespace}:${reference}`
  if (!isValidCaip2Parts(namespace, reference)) throw new InvalidCaip2Error(id)
  return id
}

/**
 * Whether `x` is a CAIP-2 chain id string.
 * @example
 * import { isCaip2 } from '@keyframe/protocol'
 * isCaip2('eip155:1') // true
 */
export function isCaip2(x: unknown): x is Caip2Id {
  if (typeof x !== 'string') return false
  const parts = x.split(':')
  return parts.length === 2 && isValidCaip2Parts(parts[0] ?? '', parts[1] ?? '')
}

/**
 * Splits a CAIP-10 account id into namespace, reference, address and its CAIP-2 chain id.
 * @throws {InvalidCaip10Error} unless `address` has exactly 3 non-empty colon-separated parts matching CAIP-10.
 * @example
 * import { parseCaip10 } from '@keyframe/protocol'
 * parseCaip10('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb').chainId // 'eip155:1'
 */
export function parseCaip10(address: string): Caip10 {
  const parts = typeof address === 'string' ? address.split(':') : []
  const [namespace, reference, account] = parts
  if (
    parts.length !== 3 ||
    namespace === undefined ||
    reference === undefined ||
    account === undefined ||
    !isValidCaip2Parts(namespace, reference) ||
    !ACCOUNT_ADDRESS.test(account)
  )
    throw new InvalidCaip10Error(String(address))
  return { namespace, reference, address: account, chainId: `${namespace}:${reference}` }
}

/**
 * Builds a CAIP-10 account id from a namespace, a reference and an address.
 * @throws {InvalidCaip10Error} when a part breaks CAIP-10.
 * @example
 * import { formatCaip10 } from '@keyframe/protocol'
 * formatCaip10({ namespace: 'eip155', reference: '1', address: '0xab…' }) // 'eip155:1:0xab…'
 */
export function formatCaip10({
  namespace,
  reference,
  address,
}: {
  namespace: string
  reference: string
  address: string
}): Caip10Id {
  const id: Caip10Id = `${namespace}:${reference}:${address}`
  if (!isValidCaip2Parts(namespace, reference) || !ACCOUNT_ADDRESS.test(address))
    throw new InvalidCaip10Error(id)
  return id
}

/**
 * Turns a chain id into CAIP-2: a number or a decimal string gets `namespace` (default `eip155`), an EIP-1193
 * hex string (`0x89`) becomes decimal for `eip155`, and a CAIP-2 string is checked and returned.
 * @throws {InvalidCaip2Error} when the result would not be a CAIP-2 chain id.
 * @example
 * import { toCaip2 } from '@keyframe/protocol'
 * toCaip2(137) // 'eip155:137'
 */
export function toCaip2(chainId: string | number, namespace = 'eip155'): Caip2Id {
  if (typeof chainId === 'number') {
    if (!Number.isSafeInteger(chainId) || chainId < 0) throw new InvalidCaip2Error(`${namespace}:${chainId}`)
    return formatCaip2({ namespace, reference: String(chainId) })
  }
  if (typeof chainId !== 'string') throw new InvalidCaip2Error(String(chainId))
  if (chainId.includes(':')) return formatCaip2(parseCaip2(chainId))
  if (namespace === 'eip155' && HEX.test(chainId)) {
    const decimal = BigInt(chainId)
    if (decimal > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidCaip2Error(`${namespace}:${chainId}`)
    return formatCaip2({ namespace, reference: decimal.toString() })
  }
  if (namespace === 'eip155' && !DECIMAL.test(chainId)) throw new InvalidCaip2Error(`${namespace}:${chainId}`)
  return formatCaip2({ namespace, reference: chainId })
}

/**
 * Whether a requested chain belongs to one of the namespaces configured at connect time (SPEC §5).
 * An invalid chain id is never in any namespace.
 * @example
 * import { isChainInNamespaces } from '@keyframe/protocol'
 * isChainInNamespaces('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['eip155']) // false
 */
export function isChainInNamespaces(chainId: string, namespaces: readonly string[]): boolean {
  if (!isCaip2(chainId)) return false
  const [namespace] = chainId.split(':')
  return namespace !== undefined && namespaces.includes(namespace)
}
