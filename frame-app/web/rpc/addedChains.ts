/**
 * The chains a person added for a dApp (`wallet_addEthereumChain`), kept in the frame origin's localStorage
 * under the dApp's origin: the browser partitions that storage by top-level site, and the key keeps two
 * dApps of one site apart. Read at start, so a switch to an added chain works after a reload. Small and
 * free of viem on purpose: it is part of the frame's first load.
 * @module
 */
import { type AddableChain, allowedRpcUrl } from '@keyframe/protocol/frame-api/addableChains'
import { type FrameChain, frameChainsSchema } from '@keyframe/protocol/frame-api/chains'

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

const keyOf = (parentOrigin: string) => `keyframe:chains:${parentOrigin}`

/**
 * The chains kept for `parentOrigin` that the operator's policy still allows and the server does not
 * configure itself. Unreadable storage or entries read as none.
 */
export function loadAddedChains(
  storage: KeyValueStorage | undefined,
  parentOrigin: string,
  policy: { addableChains: readonly AddableChain[]; chains: readonly FrameChain[] },
): FrameChain[] {
  let kept: FrameChain[]
  try {
    const parsed = frameChainsSchema.safeParse(JSON.parse(storage?.getItem(keyOf(parentOrigin)) ?? '[]'))
    kept = parsed.success ? parsed.data : []
  } catch {
    return []
  }
  return kept.filter(
    (chain) =>
      !policy.chains.some((configured) => configured.id === chain.id) &&
      allowedRpcUrl(policy.addableChains, chain.id, [chain.rpcUrl]) !== undefined,
  )
}

/** Adds `chain` to those kept for `parentOrigin` (replacing one with its id). Storage failures are ignored. */
export function saveAddedChain(
  storage: KeyValueStorage | undefined,
  parentOrigin: string,
  chain: FrameChain,
): void {
  try {
    const parsed = frameChainsSchema.safeParse(JSON.parse(storage?.getItem(keyOf(parentOrigin)) ?? '[]'))
    const kept = parsed.success ? parsed.data.filter((c) => c.id !== chain.id) : []
    storage?.setItem(keyOf(parentOrigin), JSON.stringify([...kept, chain]))
  } catch {}
}
