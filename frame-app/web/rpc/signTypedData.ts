/**
 * eth_signTypedData_v3 and eth_signTypedData_v4 (EIP-712): the person sees the domain, the primary type and
 * the message, as far as the signature covers them; each version hashed as dApps verify it (`eip712.ts`).
 * @module
 */
import { type InvalidParamsError, invalidRpcParams } from '@keyframe/protocol'
import { BaseError, type Hex, hexToBytes } from 'viem'
import { approve } from './approval.ts'
import {
  hashTypedDataAs,
  signedFields,
  TypedDataProblem,
  type TypedDataVersion,
  type TypedMessage,
} from './eip712.ts'
import { detailsBase, type Signing, sign, signingAccount, toRsv } from './signing.ts'

const METHODS = { v3: 'eth_signTypedData_v3', v4: 'eth_signTypedData_v4' } as const

/**
 * Signs typed data after the person approved it.
 * @param params `[address, typedData]`, the typed data as an object or its JSON.
 * @param version Which hashing: v4 (arrays, a missing struct as zero) or v3 (no arrays, missing fields left out).
 * @returns The 65-byte signature (`r ‖ s ‖ v`, v = 27 or 28).
 * @throws UnauthorizedError (4100) when `address` is not the session's account.
 * @throws InvalidParamsError (-32602) when the typed data is malformed or its domain names another chain.
 * @throws UserRejectedRequestError (4001) when the person rejects.
 */
export async function signTypedData(
  params: readonly [string, string | TypedMessage],
  signing: Signing,
  version: TypedDataVersion = 'v4',
): Promise<Hex> {
  const method = METHODS[version]
  const invalid = (path: (string | number)[], message: string) =>
    invalidRpcParams(method, [{ path, message }])
  const [address, data] = params
  signingAccount(signing.session, address)
  const typed = parseTypedData(data, invalid)
  checkDomainChain(typed.domain, signing.chain.id, invalid)
  let digest: Hex
  try {
    digest = hashTypedDataAs(typed, version)
  } catch (cause) {
    if (cause instanceof TypedDataProblem) throw invalid([1], cause.message)
    throw invalid([1], cause instanceof BaseError ? cause.shortMessage : 'Invalid typed data')
  }
  const { primaryType } = typed
  await approve(
    {
      ...detailsBase(signing, method),
      kind: 'typedData',
      // Without an EIP712Domain type no domain value is signed: none is shown ('Not bound to a site or chain').
      domain: signedFields('EIP712Domain', typed.domain, typed.types, version),
      primaryType,
      message:
        primaryType === 'EIP712Domain' ? {} : signedFields(primaryType, typed.message, typed.types, version),
    },
    signing.ctx,
    signing.approval,
  )
  return toRsv(await sign(signing, hexToBytes(digest), signing.ctx.signal))
}

type Invalid = (path: (string | number)[], message: string) => InvalidParamsError

function parseTypedData(data: string | TypedMessage, invalid: Invalid): TypedMessage {
  let value: unknown = data
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data)
    } catch {
      throw invalid([1], 'Expected an object or its JSON')
    }
  }
  const typed = value as Partial<TypedMessage> | null
  const isRecord = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x)
  const isField = (x: unknown) => isRecord(x) && typeof x.name === 'string' && typeof x.type === 'string'
  if (
    !isRecord(typed) ||
    !isRecord(typed.types) ||
    !Object.values(typed.types).every((fields) => Array.isArray(fields) && fields.every(isField)) ||
    typeof typed.primaryType !== 'string' ||
    !isRecord(typed.domain) ||
    !isRecord(typed.message)
  )
    throw invalid([1], 'Expected { types, primaryType, domain, message }')
  return typed as TypedMessage
}

/** A domain bound to another chain would make a signature usable there, not on the chain the person sees. */
function checkDomainChain(domain: Record<string, unknown>, chainId: number, invalid: Invalid): void {
  if (domain.chainId === undefined) return
  let value: bigint | undefined
  try {
    value = BigInt(domain.chainId as string | number | bigint)
  } catch {}
  if (value !== BigInt(chainId))
    throw invalid([1, 'domain', 'chainId'], `Expected ${chainId}, the chain of the request`)
}
