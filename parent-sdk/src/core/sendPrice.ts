/**
 * The USD price of a network's native currency for Send's gas rule (SPEC §5), from the instance's chain-api
 * (`POST /v1/fungible/price`). Loaded with `import()` by `send.ts`, so the chain-api client stays out of
 * the first load.
 * @module
 */
import { NATIVE_TOKEN_ADDRESS } from '@keyframe/protocol/chain-api/swaps'
import { getFungiblePrice } from '../api/getFungiblePrice.ts'
import { chainApiOf } from '../ui/chainApi.ts'
import type { Keyframe } from './createKeyframe.ts'

/**
 * USD per unit of the native currency of `caipNetworkId`; undefined without a chain-api, for a network it
 * does not serve, or when it knows no price.
 */
export async function readNativePriceInUsd(kf: Keyframe, caipNetworkId: string): Promise<number | undefined> {
  const api = chainApiOf(kf)
  if (!api) return undefined
  const asset = `${caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`
  const { fungibles } = await getFungiblePrice(api, { addresses: [asset] })
  return fungibles.find((f) => f.address.toLowerCase() === asset.toLowerCase())?.price
}
