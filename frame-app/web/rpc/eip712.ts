/**
 * EIP-712 hashing as `eth_signTypedData_v3` and `_v4` sign it in the wallets dApps verify against
 * (MetaMask's eth-sig-util, V3 and V4): a dApp checks the signature with that code, so the digest must be its
 * digest. The two versions differ only where a value is missing:
 * - V3 leaves a field whose value is `undefined` out of its struct's encoding, and refuses arrays;
 * - V4 encodes every field: a missing or null struct is 32 zero bytes, a missing atomic or dynamic value
 *   is an error.
 * The types say what is signed: without an `EIP712Domain` type the domain is an empty struct
 * (`EIP712Domain()`, no fields), as eth-sig-util signs it, whatever values the domain holds, and the screen
 * shows no domain (viem, ethers and wagmi always send the type; hand-written requests may not).
 * viem's ABI encoder checks each atomic value (address, integer range, bytesN size, bool); values
 * eth-sig-util would coerce in ways the screen could not show plainly (a bool from a string, a short bytesN)
 * are refused rather than signed differently.
 * @module
 */
import {
  type AbiParameter,
  concat,
  encodeAbiParameters,
  type Hex,
  isHex,
  keccak256,
  numberToHex,
  stringToHex,
  zeroHash,
} from 'viem'

export type TypedDataVersion = 'v3' | 'v4'
export type TypedField = { name: string; type: string }
export type TypedTypes = Record<string, readonly TypedField[]>
export type TypedMessage = {
  types: TypedTypes
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

/** A value the typed data cannot be signed with; the message says which field and why. */
export class TypedDataProblem extends Error {
  override name = 'TypedDataProblem'
}

/** The types eth-sig-util hashes with: `EIP712Domain` present, with no fields when the dApp gave none. */
function withDomainType(types: TypedTypes): TypedTypes {
  return { EIP712Domain: [], ...types }
}

/** A struct type's fields; own keys only (`types` came from JSON: 'toString' is no struct). */
function fieldsOf(types: TypedTypes, type: string): readonly TypedField[] | undefined {
  return Object.hasOwn(types, type) ? types[type] : undefined
}

/**
 * The 32-byte digest the wallet signs: `keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message))`, the
 * message part left out when the primary type is `EIP712Domain`.
 * @throws TypedDataProblem, or viem's BaseError for an atomic value its encoder refuses.
 */
export function hashTypedDataAs(typed: TypedMessage, version: TypedDataVersion): Hex {
  const types = withDomainType(typed.types)
  const parts: Hex[] = ['0x1901', hashStruct('EIP712Domain', typed.domain, types, version)]
  if (typed.primaryType !== 'EIP712Domain')
    parts.push(hashStruct(typed.primaryType, typed.message, types, version))
  return keccak256(concat(parts))
}

/** keccak256 of a struct's encoding (EIP-712 `hashStruct`), by `version`'s rules. */
export function hashStruct(type: string, data: unknown, types: TypedTypes, version: TypedDataVersion): Hex {
  return keccak256(encodeData(type, data, types, version))
}

function encodeData(type: string, data: unknown, types: TypedTypes, version: TypedDataVersion): Hex {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new TypedDataProblem(`Expected an object for a ${type}`)
  const record = data as Record<string, unknown>
  const abiTypes: AbiParameter[] = [{ type: 'bytes32' }]
  const values: unknown[] = [keccak256(stringToHex(encodeType(type, types)))]
  for (const field of fieldsOf(types, type) ?? []) {
    const value = Object.hasOwn(record, field.name) ? record[field.name] : undefined
    if (version === 'v3' && value === undefined) continue
    const [abiType, encoded] = encodeField(field, value, types, version)
    abiTypes.push({ type: abiType })
    values.push(encoded)
  }
  return encodeAbiParameters(abiTypes, values)
}

function encodeField(
  field: TypedField,
  value: unknown,
  types: TypedTypes,
  version: TypedDataVersion,
): [type: string, value: unknown] {
  const { name, type } = field
  if (fieldsOf(types, type)) {
    if (version === 'v4' && (value === null || value === undefined)) return ['bytes32', zeroHash]
    return ['bytes32', hashStruct(type, value, types, version)]
  }
  if (value === undefined) throw new TypedDataProblem(`Missing value for field ${name} of type ${type}`)
  if (type === 'bytes') return ['bytes32', keccak256(dynamicBytes(value, name, true))]
  if (type === 'string') return ['bytes32', keccak256(dynamicBytes(value ?? '', name, false))]
  if (type.endsWith(']')) {
    if (version === 'v3')
      throw new TypedDataProblem(`Field ${name} is an array: arrays need eth_signTypedData_v4`)
    if (!Array.isArray(value)) throw new TypedDataProblem(`Expected an array for field ${name}`)
    const inner = type.slice(0, type.lastIndexOf('['))
    const items = value.map((item) => encodeField({ name, type: inner }, item, types, version))
    return [
      'bytes32',
      keccak256(
        encodeAbiParameters(
          items.map(([t]) => ({ type: t })),
          items.map(([, v]) => v),
        ),
      ),
    ]
  }
  return [type, atomic(type, value, name)]
}

/** EIP-712's `encodeType`: `Name(type field,…)` of the struct, then of the structs it uses, sorted. */
function encodeType(primaryType: string, types: TypedTypes): string {
  const deps = dependencies(primaryType, types)
  deps.delete(primaryType)
  return [primaryType, ...[...deps].sort()]
    .map((type) => {
      const fields = fieldsOf(types, type)
      if (!fields) throw new TypedDataProblem(`No type definition specified: ${type}`)
      return `${type}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`
    })
    .join('')
}

function dependencies(type: string, types: TypedTypes, found = new Set<string>()): Set<string> {
  const base = /^\w*/.exec(type)?.[0] ?? ''
  const fields = fieldsOf(types, base)
  if (found.has(base) || !fields) return found
  found.add(base)
  for (const field of fields) dependencies(field.type, types, found)
  return found
}

/**
 * A `bytes` or `string` value's bytes, as eth-sig-util reads them: a number as its big-endian bytes, `bytes`
 * given as 0x hex as those bytes (an odd digit count gets a leading 0), anything else as UTF-8 text.
 */
export function dynamicBytes(value: unknown, name: string, hexIsBytes: boolean): Hex {
  let hex: Hex
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new TypedDataProblem(`Expected a whole number ≥ 0 for field ${name}`)
    hex = numberToHex(value)
  } else if (typeof value === 'string') {
    hex = hexIsBytes && isHex(value, { strict: true }) ? value : stringToHex(value)
  } else throw new TypedDataProblem(`Expected text or 0x hex for field ${name}`)
  return hex.length % 2 ? `0x0${hex.slice(2)}` : hex
}

/** An atomic value as viem's encoder takes it: integers as bigint, addresses in lower case. */
function atomic(type: string, value: unknown, name: string): unknown {
  if (/^u?int\d*$/.test(type)) return integer(value, name)
  if (type === 'address' && typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value))
    return value.toLowerCase()
  return value
}

/** An integer as eth-sig-util reads one: a safe number, a decimal string or a 0x hex string. */
export function integer(value: unknown, name: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^(?:-?\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value)
  throw new TypedDataProblem(`Expected an integer for field ${name}`)
}

/**
 * What the signature covers, for the approval screen: the fields the struct's type lists (keys the type
 * does not list are not signed, so not shown), structs and arrays nested, V3's missing fields left out.
 * Call after {@link hashTypedDataAs} accepted the data.
 */
export function signedFields(
  type: string,
  data: Record<string, unknown>,
  types: TypedTypes,
  version: TypedDataVersion,
): Record<string, unknown> {
  const all = withDomainType(types)
  const struct = (structType: string, record: Record<string, unknown>) => {
    const shown: Record<string, unknown> = {}
    for (const field of fieldsOf(all, structType) ?? []) {
      const value = Object.hasOwn(record, field.name) ? record[field.name] : undefined
      if (version === 'v3' && value === undefined) continue
      shown[field.name] = view(field.type, value)
    }
    return shown
  }
  const view = (fieldType: string, value: unknown): unknown => {
    if (fieldsOf(all, fieldType))
      return value === null || value === undefined
        ? null
        : struct(fieldType, value as Record<string, unknown>)
    if (fieldType.endsWith(']') && Array.isArray(value))
      return value.map((item) => view(fieldType.slice(0, fieldType.lastIndexOf('[')), item))
    return value
  }
  return struct(type, data)
}
