import {
  NAME_MESSAGE_MAX_AGE_MS,
  nameRegistrationMessage,
  type RegisterNameBody,
} from '@keyframe/protocol/chain-api/names'
import { fail, issuesMessage } from '@keyframe/server-kit'
import type { ChainRegistry, ChainWithClient } from '../chains/registry.ts'
import { coinTypeToChainId } from './coinTypeToChainId.ts'
import { nameLabel } from './nameLabel.ts'

export type Registration = {
  label: string
  address: `0x${string}`
  coinType: number
  /** The chain of the coin type (smart-account signatures are checked there). */
  chain: ChainWithClient
  attributes: Record<string, string>
  /** The message's timestamp. */
  signedAt: Date
}

/**
 * Reads a registration body before its signature is checked: the message's JSON and fields, its timestamp
 * (within 10 minutes of `now`), the name (a label of this registry), the coin type (a configured EVM chain).
 * @throws HTTPException 400 `invalid_params` naming the first problem ('message.timestamp: …', 'Invalid chainId').
 */
export function readRegistration(
  body: RegisterNameBody,
  context: { nameSuffix: string; now: Date; chains: ChainRegistry },
): Registration {
  let json: unknown
  try {
    json = JSON.parse(body.message)
  } catch {
    fail(400, 'invalid_params', 'message: Expected the JSON text of { name, attributes, timestamp }')
  }
  const parsed = nameRegistrationMessage.safeParse(json, { reportInput: true })
  if (!parsed.success)
    fail(
      400,
      'invalid_params',
      issuesMessage(parsed.error.issues.map((i) => ({ ...i, path: ['message', ...i.path] }))),
    )
  const message = parsed.data
  const signedAt = new Date(message.timestamp * 1000)
  if (Math.abs(signedAt.getTime() - context.now.getTime()) > NAME_MESSAGE_MAX_AGE_MS)
    fail(400, 'invalid_params', 'message.timestamp: Must be within 10 minutes of the server time (seconds)')
  const label = nameLabel(message.name, context.nameSuffix)
  if (!label)
    fail(400, 'invalid_params', `message.name: Name must end with ${context.nameSuffix} or have no suffix`)
  let chainId: number
  try {
    chainId = coinTypeToChainId(body.coin_type)
  } catch (error) {
    fail(400, 'invalid_params', (error as Error).message)
  }
  const chain = context.chains.byId(chainId)
  if (!chain) fail(400, 'unsupported_chain', `Unsupported chainId: eip155:${chainId}`)
  return {
    label,
    address: body.address as `0x${string}`,
    coinType: body.coin_type,
    chain,
    attributes: message.attributes ?? {},
    signedAt,
  }
}
