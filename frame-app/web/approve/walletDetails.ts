/**
 * What the approval screen shows for the wallet methods that change the wallet rather than sign:
 * `wallet_watchAsset` (keep a token) and `wallet_addEthereumChain` (let this site use a network). Built by
 * `rpc/watchAsset.ts` and `rpc/addEthereumChain.ts`, rendered by `walletScreen.ts`.
 * @module
 */

/** wallet_watchAsset: the token to keep, on the request's chain. */
export type WatchAssetDetails = {
  kind: 'watchAsset'
  token: { address: `0x${string}`; symbol: string; decimals: number }
  /**
   * `chain`: the contract answered `symbol()` and `decimals()` and they agree with the site's. `site`: it did
   * not answer, so both are only what the site says (the screen warns).
   */
  source: 'chain' | 'site'
}

/** wallet_addEthereumChain: the network the site asks to use, and the one RPC URL the frame will call. */
export type AddChainDetails = {
  kind: 'addChain'
  added: {
    id: number
    name: string
    nativeCurrency: { name: string; symbol: string; decimals: number }
    rpcUrl: string
  }
}

export type WalletDetails = WatchAssetDetails | AddChainDetails
