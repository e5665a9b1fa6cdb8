/** An ERC-20 deployed on every dev chain. */
export type DevTokenInfo = { address: `0x${string}`; symbol: string; name: string; decimals: number }

/** One local EVM chain of the dev stack, with the contracts deployed on it. */
export type DevChain = {
  chainId: number
  name: string
  /** `http://127.0.0.1:PORT` (anvil answers CORS requests from any origin). */
  rpcUrl: string
  nativeCurrency: { name: 'Ether'; symbol: 'ETH'; decimals: 18 }
  /** [KFT, kUSD] — at the same addresses on every dev chain. */
  tokens: DevTokenInfo[]
  /** The ERC-721 "Keyframe NFT" (KFNFT). */
  nft: `0x${string}`
  /** The spam ERC-721 "Claim Rewards Pass" (CLAIM), at the same address on every dev chain (`spamNft.ts`). */
  spamNft: `0x${string}`
  /** Uniswap V2 with ETH/kUSD and KFT/kUSD pools: on {@link UNISWAP_CHAIN_ID} only. */
  uniswap?: UniswapV2Deployment
}

/** Where the Uniswap V2 contracts of a dev chain are. */
export type UniswapV2Deployment = {
  factory: `0x${string}`
  router: `0x${string}`
  /** The wrapped native token (WETH9) the router swaps ETH through. */
  weth: `0x${string}`
}

/** The dev chain that gets the Uniswap V2 deployment. */
export const UNISWAP_CHAIN_ID = 31337

/** Anvil's first dev accounts (mnemonic `test test … junk`); #0 deploys, mints and funds. */
export const DEV_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
] as const
