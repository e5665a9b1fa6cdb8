import { fail } from '@keyframe/server-kit'
import { getAddress } from 'viem'
import type { ChainRegistry, ChainWithClient } from '../chains/registry.ts'

export type SessionAccount = {
  chain: ChainWithClient
  /** Checksummed. */
  address: `0x${string}`
}

/**
 * The chain and address of a CAIP-10 account whose sessions this server keeps: an `eip155` account of a configured
 * chain. Undefined for any other network (the endpoint's empty default or 400).
 * @throws HTTPException 400 'Invalid CAIP-10 address: …' for an `eip155` account whose address is not 20 bytes.
 * @example
 * sessionAccount('eip155:31337:0xf39f…', chains) // { chain: { caip2: 'eip155:31337', … }, address: '0xf39F…' }
 */
export function sessionAccount(account: string, chains: ChainRegistry): SessionAccount | undefined {
  const [namespace, reference, address] = account.split(':')
  if (namespace !== 'eip155' || reference === undefined || address === undefined) return undefined
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) fail(400, 'invalid_params', `Invalid CAIP-10 address: ${account}`)
  const chain = chains.get(`${namespace}:${reference}`)
  return chain ? { chain, address: getAddress(address.toLowerCase()) } : undefined
}
