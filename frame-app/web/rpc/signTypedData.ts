/**
 * eth_signTypedData_v4 (EIP-712): the person sees the domain, the primary type and the message.
 * @module
 */
import { InvalidParamsError } from '@keyframe/protocol/core'
import { BaseError, type Hex, hashTypedData, hexToBytes, type TypedDataDefinition } from 'viem'
import { approve } from './approval.ts'
import { detailsBase, type Signing, sign, signingAccount, toRsv } from './signing.ts'

const METHOD = 'eth_signTypedData_v4'

type TypedData = {
  types: Record<string, { name: string; type: string }[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

/**
 * Signs typed data after the person approved it.
 * @param params `[address, typedData]`, the typed data as an object or its JSON.
 * @returns The 65-byte signature (`r ‖ s ‖ v`, v = 27 or 28).
 * @throws UnauthorizedError (4100) when `address` is not the session's account.
 * @throws InvalidParamsError (-32602) when the typed data is malformed or its domain names another chain.
 * @throws UserRejectedRequestError (4001) when the person rejects.
 */
export async function signTypedData(
  params: readonly [string, string | TypedData],
  signing: Signing,
): Promise<Hex> {
  const [address, data] = params
  signingAccount(signing.session, address)
  const typed = parseTypedData(data)
  checkDomainChain(typed.domain, signing.chain.id)
  let digest: Hex
  try {
    digest = hashTypedData(typed as unknown as TypedDataDefinition)
  } catch (cause) {
    const message = cause instanceof BaseError ? cause.shortMessage : 'Invalid typed data'
    throw invalid([1], message)
  }
  await approve(
    {
      ...detailsBase(signing, METHOD),
      kind: 'typedData',
      domain: typed.domain,
      primaryType: typed.primaryType,
      message: typed.message,
    },
    signing.ctx,
    signing.approval,
  )
  return toRsv(await sign(signing, hexToBytes(digest), signing.ctx.signal))
}

function parseTypedData(data: string | TypedData): TypedData {
  let value: unknown = data
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data)
    } catch {
      throw invalid([1], 'Expected typed data or its JSON')
    }
  }
  const typed = value as Partial<TypedData> | null
  const isRecord = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x)
  if (
    !isRecord(typed) ||
    !isRecord(typed?.types) ||
    typeof typed?.primaryType !== 'string' ||
    !isRecord(typed.domain) ||
    !isRecord(typed.message)
  )
    throw invalid([1], 'Expected { types, primaryType, domain, message }')
  return typed as TypedData
}

/** A domain bound to another chain would make a signature usable there, not on the chain the person sees. */
function checkDomainChain(domain: Record<string, unknown>, chainId: number): void {
  if (domain.chainId === undefined) return
  let value: bigint | undefined
  try {
    value = BigInt(domain.chainId as string | number | bigint)
  } catch {}
  if (value !== BigInt(chainId))
    throw invalid([1, 'domain', 'chainId'], `Expected ${chainId}, the chain of the request`)
}

function invalid(path: (string | number)[], message: string): InvalidParamsError {
  return new InvalidParamsError(METHOD, [{ path, message }])
}
