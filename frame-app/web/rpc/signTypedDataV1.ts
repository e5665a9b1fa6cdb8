/**
 * eth_signTypedData, typed data "v1": the early EIP-712 draft MetaMask still signs, a flat list of
 * `{ type, name, value }`. The person sees that list; the digest is eth-sig-util's `typedSignatureHash`
 * (what a dApp verifies with): keccak256 of the hash of the packed `"type name"` strings and the hash of the
 * values packed by their types (Solidity's `abi.encodePacked`).
 * @module
 */
import { type InvalidParamsError, invalidRpcParams } from '@keyframe/protocol'
import { BaseError, concat, encodePacked, type Hex, hexToBytes, keccak256, padHex } from 'viem'
import { approve } from './approval.ts'
import { dynamicBytes, integer, TypedDataProblem } from './eip712.ts'
import { detailsBase, type Signing, sign, signingAccount, toRsv } from './signing.ts'

const METHOD = 'eth_signTypedData'

/** One field of v1 typed data, as the param schema let it through. */
export type TypedDataV1Field = { type: string; name: string; value?: unknown }

/**
 * Signs v1 typed data after the person approved it.
 * @param params `[fields, address]` (the typed data first, as MetaMask takes it).
 * @returns The 65-byte signature (`r ‖ s ‖ v`, v = 27 or 28).
 * @throws UnauthorizedError (4100) when `address` is not the session's account.
 * @throws InvalidParamsError (-32602) when a field's value does not fit its type.
 * @throws UserRejectedRequestError (4001) when the person rejects.
 */
export async function signTypedDataV1(
  params: readonly [readonly TypedDataV1Field[], string],
  signing: Signing,
): Promise<Hex> {
  const [fields, address] = params
  signingAccount(signing.session, address)
  let digest: Hex
  try {
    digest = typedSignatureHash(fields)
  } catch (cause) {
    if (cause instanceof TypedDataProblem) throw invalid(cause.message)
    throw invalid(cause instanceof BaseError ? cause.shortMessage : 'Invalid typed data')
  }
  await approve(
    {
      ...detailsBase(signing, METHOD),
      kind: 'typedDataV1',
      fields: fields.map(({ type, name, value }) => ({ type, name, value })),
    },
    signing.ctx,
    signing.approval,
  )
  return toRsv(await sign(signing, hexToBytes(digest), signing.ctx.signal))
}

/**
 * The v1 digest. Arrays, which eth-sig-util packs in a way of its own, are refused.
 * @throws TypedDataProblem, or viem's BaseError for a type `encodePacked` does not know or a value out of range.
 */
export function typedSignatureHash(fields: readonly TypedDataV1Field[]): Hex {
  const schema = fields.map(({ type, name }) => `${type} ${name}`)
  const packed = (types: readonly string[], values: readonly unknown[]) =>
    keccak256(encodePacked(types as string[], values as never[]))
  return keccak256(
    concat([
      packed(
        schema.map(() => 'string'),
        schema,
      ),
      packed(
        fields.map((field) => field.type),
        fields.map(packedValue),
      ),
    ]),
  )
}

/** A field's value as `encodePacked` takes it, read as eth-sig-util reads it, or refused. */
function packedValue({ type, name, value }: TypedDataV1Field): unknown {
  if (type.endsWith(']')) throw new TypedDataProblem(`Field ${name} is an array: typed data v1 takes none`)
  if (value === undefined || value === null)
    throw new TypedDataProblem(`Missing value for field ${name} of type ${type}`)
  if (type === 'bytes') return dynamicBytes(value, name, true)
  if (type === 'string') {
    if (typeof value !== 'string') throw new TypedDataProblem(`Expected text for field ${name}`)
    return value
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw new TypedDataProblem(`Expected true or false for field ${name}`)
    return value
  }
  if (type === 'address') {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
      throw new TypedDataProblem(`Expected a 20-byte 0x address for field ${name}`)
    return value.toLowerCase()
  }
  if (/^u?int\d*$/.test(type)) return integer(value, name)
  const size = /^bytes(\d+)$/.exec(type)?.[1]
  if (size !== undefined) {
    // eth-sig-util pads a shorter value on the right, as Solidity does for bytesN.
    if (
      typeof value !== 'string' ||
      !/^0x(?:[0-9a-fA-F]{2})*$/.test(value) ||
      value.length > 2 + 2 * Number(size)
    )
      throw new TypedDataProblem(`Expected at most ${size} bytes of 0x hex for field ${name}`)
    return padHex(value as Hex, { dir: 'right', size: Number(size) })
  }
  return value
}

function invalid(message: string): InvalidParamsError {
  return invalidRpcParams(METHOD, [{ path: [0], message }])
}
