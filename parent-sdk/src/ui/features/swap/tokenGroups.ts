/**
 * The Swap view's token lists (SPEC §9: suggested and popular lists): the swappable tokens of the network
 * (chain-api `/v1/convert/tokens`) split into the ones the wallet holds, with their balances and prices
 * (`/v1/account/{address}/balance`), the suggested ones, and the rest.
 * @module
 */
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { NATIVE_TOKEN_ADDRESS, type SwapToken } from '@keyframe/protocol/chain-api/swaps'
import { parseAmount } from '../../../core/send.ts'

/** Well-known symbols offered first among the tokens the wallet does not hold (AppKit's suggested list). */
export const SUGGESTED_SWAP_SYMBOLS: readonly string[] = ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC']

/** A token the person can pick, with what the wallet holds of it. */
export type SwapChoice = SwapToken & {
  /** Held, in base units; undefined when the wallet holds none or its balances are unknown. */
  readonly balance: bigint | undefined
  /** USD price of one unit from the balances; undefined when unknown. */
  readonly price: number | undefined
}

export type TokenGroup = {
  readonly label: 'Your tokens' | 'Suggested' | 'Popular'
  readonly tokens: readonly SwapChoice[]
}

/** The CAIP-10 of a balance, the native currency at NATIVE_TOKEN_ADDRESS (as the swap tokens name it). */
function balanceAsset(balance: TokenBalance): string {
  return (balance.address ?? `${balance.chainId}:${NATIVE_TOKEN_ADDRESS}`).toLowerCase()
}

/**
 * The groups to pick from, each in chain-api's order, empty groups left out: 'Your tokens' (held, highest USD
 * value first), 'Suggested' ({@link SUGGESTED_SWAP_SYMBOLS}), 'Popular' (the rest). A held token that cannot
 * be swapped on the network is not offered.
 * @example
 * tokenGroups(tokens, balances) // [{ label: 'Your tokens', tokens: [ETH] }, { label: 'Popular', tokens: [KFT, kUSD] }]
 */
export function tokenGroups(tokens: readonly SwapToken[], balances: readonly TokenBalance[]): TokenGroup[] {
  const held = new Map(balances.map((balance) => [balanceAsset(balance), balance]))
  const yours: { choice: SwapChoice; value: number }[] = []
  const suggested: SwapChoice[] = []
  const popular: SwapChoice[] = []
  for (const token of tokens) {
    const balance = held.get(token.address.toLowerCase())
    const amount = balance && parseAmount(balance.quantity.numeric, token.decimals)
    const choice: SwapChoice = {
      ...token,
      balance: amount || undefined,
      price: balance && balance.price > 0 ? balance.price : undefined,
    }
    if (choice.balance !== undefined) yours.push({ choice, value: balance?.value ?? 0 })
    else if (SUGGESTED_SWAP_SYMBOLS.includes(token.symbol)) suggested.push(choice)
    else popular.push(choice)
  }
  yours.sort((a, b) => b.value - a.value)
  const groups: TokenGroup[] = [
    { label: 'Your tokens', tokens: yours.map(({ choice }) => choice) },
    { label: 'Suggested', tokens: suggested },
    { label: 'Popular', tokens: popular },
  ]
  return groups.filter((group) => group.tokens.length > 0)
}
