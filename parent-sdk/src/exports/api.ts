/**
 * `@keyframe/sdk/api`: the chain-api client on its own, for a dApp that wants balances, NFTs, activity,
 * swaps, on-ramp quotes or account names without the modal. One `createChainApi(...)` per app: its calls
 * share one cache (SPEC §9: portfolio and native balance 30 s, names and identity 5 min), and calls for a
 * network chain-api does not serve answer their empty default without a request.
 * @example
 * import { createChainApi, getBalance } from '@keyframe/sdk/api'
 * const api = createChainApi({ baseUrl: 'https://chain.example.com', projectId: 'my-project' })
 * const { balances } = await getBalance(api, { address: '0x…', chainId: 'eip155:1' })
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is a package entry (package.json "exports": "./api")

export type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
export type { HistoryPage, HistoryTransaction } from '@keyframe/protocol/chain-api/history'
export type { Identity, NameAccount } from '@keyframe/protocol/chain-api/names'
export type { NftHolding, NftList } from '@keyframe/protocol/chain-api/nfts'
export type { OnrampOptions, OnrampQuote, PurchaseCurrency } from '@keyframe/protocol/chain-api/onramp'
export type { SupportedChains } from '@keyframe/protocol/chain-api/supported'
export type { SwapGasPrice, SwapQuote, SwapToken, SwapTransaction } from '@keyframe/protocol/chain-api/swaps'
export { type BuildApproveParameters, buildApprove } from '../api/buildApprove.ts'
export { type BuildSwapParameters, buildSwap } from '../api/buildSwap.ts'
export { type ChainApiClientCode, ChainApiError } from '../api/chainApiError.ts'
export { type ChainApi, type ChainApiOptions, createChainApi } from '../api/createChainApi.ts'
export { type CreateSessionParameters, createSession } from '../api/createSession.ts'
export { type GenerateOnrampUrlParameters, generateOnrampUrl } from '../api/generateOnrampUrl.ts'
export { type GetAllowanceParameters, getAllowance } from '../api/getAllowance.ts'
export { type GetBalanceParameters, type GetBalanceReturnType, getBalance } from '../api/getBalance.ts'
export { type GetFungiblePriceParameters, getFungiblePrice } from '../api/getFungiblePrice.ts'
export { type GetGasPriceParameters, getGasPrice } from '../api/getGasPrice.ts'
export { type GetHistoryParameters, getHistory } from '../api/getHistory.ts'
export { type GetIdentityParameters, getIdentity } from '../api/getIdentity.ts'
export { type GetNameSuggestionsParameters, getNameSuggestions } from '../api/getNameSuggestions.ts'
export { type GetNativeBalanceParameters, getNativeBalance } from '../api/getNativeBalance.ts'
export { type GetNftsParameters, getNfts } from '../api/getNfts.ts'
export { type GetOnrampOptionsParameters, getOnrampOptions } from '../api/getOnrampOptions.ts'
export { type GetOnrampQuoteParameters, getOnrampQuote } from '../api/getOnrampQuote.ts'
export { type GetSessionsParameters, getSessions } from '../api/getSessions.ts'
export { type GetSupportedChainsParameters, getSupportedChains } from '../api/getSupportedChains.ts'
export { type GetSwapQuoteParameters, getSwapQuote } from '../api/getSwapQuote.ts'
export { type GetSwapTokensParameters, getSwapTokens } from '../api/getSwapTokens.ts'
export { type GetWalletsParameters, getWallets } from '../api/getWallets.ts'
export { isSupportedNetwork } from '../api/isSupportedNetwork.ts'
export { type LookupNameParameters, lookupName } from '../api/lookupName.ts'
export { type RegisterNameParameters, registerName } from '../api/registerName.ts'
export { type ReverseLookupParameters, reverseLookup } from '../api/reverseLookup.ts'
export { type RevokeSessionParameters, revokeSession } from '../api/revokeSession.ts'
export { walletImageUrl } from '../api/walletImageUrl.ts'
