/**
 * The curated catalogue: well-known wallets, most used first. Facts only (name, EIP-6963 rdns, networks,
 * homepage, the deep links each wallet publishes); no logos — images are generated (`svgImage.ts`). `rdns` is
 * null where the wallet's catalogue record names none. `chains` lists the main networks of each wallet, not
 * every one it can add.
 * @module
 */

/** One curated wallet, before its id is derived (`catalogue.ts`). */
export type CuratedWallet = {
  name: string
  rdns: string | null
  chains: readonly string[]
  homepage: string
  mobile: string | null
  desktop: string | null
  webapp: string | null
}

const ETHEREUM = 'eip155:1'
const OPTIMISM = 'eip155:10'
const BNB = 'eip155:56'
const GNOSIS = 'eip155:100'
const POLYGON = 'eip155:137'
const ZKSYNC = 'eip155:324'
const BASE = 'eip155:8453'
const ARBITRUM = 'eip155:42161'
const AVALANCHE = 'eip155:43114'
const CRONOS = 'eip155:25'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const RONIN = 'eip155:2020'
const CELO = 'eip155:42220'
/** The EVM networks most wallets ship with. */
const EVM = [ETHEREUM, OPTIMISM, BNB, POLYGON, BASE, ARBITRUM] as const

const links = (mobile: string | null, desktop: string | null = null, webapp: string | null = null) => ({
  mobile,
  desktop,
  webapp,
})

export const CURATED_WALLETS: readonly CuratedWallet[] = [
  {
    name: 'MetaMask',
    rdns: 'io.metamask',
    chains: EVM,
    homepage: 'https://metamask.io/',
    ...links('metamask://'),
  },
  {
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://trustwallet.com/',
    ...links('trust://'),
  },
  {
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    chains: [...EVM, SOLANA],
    homepage: 'https://www.coinbase.com/wallet/',
    ...links(null),
  },
  {
    name: 'Rainbow',
    rdns: 'me.rainbow',
    chains: EVM,
    homepage: 'https://rainbow.me/',
    ...links('rainbow://'),
  },
  { name: 'Rabby', rdns: 'io.rabby', chains: EVM, homepage: 'https://rabby.io/', ...links(null) },
  {
    name: 'Phantom',
    rdns: 'app.phantom',
    chains: [SOLANA, ETHEREUM, BASE, POLYGON, BITCOIN],
    homepage: 'https://phantom.app/',
    ...links(null),
  },
  {
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://www.okx.com/web3',
    ...links('okex://main'),
  },
  {
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    chains: EVM,
    homepage: 'https://zerion.io/',
    ...links('zerion://', 'zerion://', 'https://app.zerion.io'),
  },
  {
    name: 'Binance Wallet',
    rdns: 'com.binance.wallet',
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://www.binance.com/en/web3wallet',
    ...links('bnc://app.binance.com/cedefi/'),
  },
  {
    name: 'Bitget Wallet',
    rdns: null,
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://web3.bitget.com',
    ...links('bitkeep://'),
  },
  {
    name: 'Uniswap Wallet',
    rdns: null,
    chains: EVM,
    homepage: 'https://uniswap.org',
    ...links('uniswap://'),
  },
  {
    name: 'Ledger Live',
    rdns: null,
    chains: [...EVM, BITCOIN, SOLANA],
    homepage: 'https://www.ledger.com/ledger-live',
    ...links('ledgerlive://', 'ledgerlive://'),
  },
  {
    name: 'Safe',
    rdns: null,
    chains: [...EVM, GNOSIS],
    homepage: 'https://safe.global/',
    ...links('safe://', null, 'https://app.safe.global/'),
  },
  {
    name: 'Argent',
    rdns: null,
    chains: [ETHEREUM, ZKSYNC],
    homepage: 'https://www.argent.xyz',
    ...links('argent://app/'),
  },
  {
    name: 'imToken',
    rdns: null,
    chains: [...EVM, BITCOIN],
    homepage: 'https://token.im/',
    ...links('imtokenv2://'),
  },
  {
    name: 'Brave Wallet',
    rdns: 'com.brave.wallet',
    chains: [...EVM, SOLANA],
    homepage: 'https://brave.com/wallet/',
    ...links(null),
  },
  {
    name: 'Backpack',
    rdns: 'app.backpack',
    chains: [SOLANA, ETHEREUM],
    homepage: 'https://backpack.app',
    ...links('backpack://'),
  },
  {
    name: 'TokenPocket',
    rdns: 'pro.tokenpocket',
    chains: [...EVM, SOLANA],
    homepage: 'https://tokenpocket.pro/',
    ...links('tpoutside://'),
  },
  {
    name: 'SafePal',
    rdns: null,
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://safepal.com/',
    ...links('safepalwallet://'),
  },
  {
    name: 'Exodus',
    rdns: null,
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://exodus.com/',
    ...links('exodus://'),
  },
  {
    name: '1inch Wallet',
    rdns: null,
    chains: EVM,
    homepage: 'https://wallet.1inch.io/',
    ...links('oneinch://'),
  },
  {
    name: 'Crypto.com | DeFi Wallet',
    rdns: null,
    chains: [...EVM, CRONOS],
    homepage: 'https://crypto.com/',
    ...links('dfw://'),
  },
  {
    name: 'Core',
    rdns: 'app.core.extension',
    chains: [AVALANCHE, ETHEREUM, BITCOIN],
    homepage: 'https://core.app/',
    ...links('core://', 'core://'),
  },
  {
    name: 'Talisman',
    rdns: 'xyz.talisman',
    chains: [POLKADOT, ...EVM],
    homepage: 'https://talisman.xyz',
    ...links('talisman://'),
  },
  {
    name: 'Magic Eden',
    rdns: 'io.magiceden.wallet',
    chains: [SOLANA, BITCOIN, ETHEREUM, BASE, POLYGON],
    homepage: 'https://wallet.magiceden.io/',
    ...links('magiceden://'),
  },
  {
    name: 'Kraken Wallet',
    rdns: null,
    chains: [...EVM, SOLANA],
    homepage: 'https://www.kraken.com/wallet',
    ...links('krakenwallet://'),
  },
  {
    name: 'Bybit Wallet',
    rdns: 'com.bybit',
    chains: [...EVM, SOLANA],
    homepage: 'https://www.bybit.com/en/web3',
    ...links('bybitapp://open/route?targetUrl=by://web3/walletconnect/'),
  },
  {
    name: 'Gate Wallet',
    rdns: 'io.gate.wallet',
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://www.gate.io/web3',
    ...links('gtweb3wallet://'),
  },
  {
    name: 'Frontier',
    rdns: 'xyz.frontier.wallet',
    chains: EVM,
    homepage: 'https://www.frontier.xyz',
    ...links('frontier://'),
  },
  {
    name: 'OneKey',
    rdns: null,
    chains: [...EVM, BITCOIN, SOLANA],
    homepage: 'https://onekey.so',
    ...links(null),
  },
  {
    name: 'Enkrypt',
    rdns: 'com.enkrypt',
    chains: [...EVM, POLKADOT, BITCOIN],
    homepage: 'https://www.enkrypt.com',
    ...links(null),
  },
  { name: 'Frame', rdns: 'sh.frame', chains: EVM, homepage: 'https://frame.sh', ...links(null) },
  { name: 'Taho', rdns: 'xyz.taho', chains: EVM, homepage: 'https://taho.xyz', ...links(null) },
  {
    name: 'FoxWallet',
    rdns: null,
    chains: [...EVM, SOLANA],
    homepage: 'https://foxwallet.com',
    ...links('foxwallet://'),
  },
  {
    name: 'Omni',
    rdns: null,
    chains: [...EVM, SOLANA],
    homepage: 'https://omni.app',
    ...links('https://links.steakwallet.fi/'),
  },
  {
    name: 'MEW wallet',
    rdns: null,
    chains: [ETHEREUM, BNB, POLYGON, ARBITRUM],
    homepage: 'https://www.mewwallet.com',
    ...links('mewwallet://'),
  },
  {
    name: 'Coin98 Wallet',
    rdns: null,
    chains: [...EVM, SOLANA],
    homepage: 'https://coin98.com/wallet',
    ...links(null),
  },
  {
    name: 'Ronin Wallet',
    rdns: 'com.roninchain.wallet',
    chains: [RONIN, ETHEREUM],
    homepage: 'https://wallet.roninchain.com',
    ...links('roninwallet://'),
  },
  {
    name: 'SubWallet',
    rdns: 'app.subwallet',
    chains: [POLKADOT, ...EVM],
    homepage: 'https://www.subwallet.app',
    ...links('subwallet://'),
  },
  {
    name: 'Nova Wallet',
    rdns: null,
    chains: [POLKADOT, ETHEREUM],
    homepage: 'https://novawallet.io',
    ...links('novawallet://'),
  },
  {
    name: 'Zengo',
    rdns: null,
    chains: [...EVM, BITCOIN],
    homepage: 'https://zengo.com',
    ...links('zengo://'),
  },
  {
    name: 'Tangem',
    rdns: null,
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://tangem.com',
    ...links('tangem://'),
  },
  {
    name: 'Valora',
    rdns: null,
    chains: [CELO, ETHEREUM],
    homepage: 'https://valora.xyz',
    ...links('celo://wallet/'),
  },
  {
    name: 'Solflare',
    rdns: null,
    chains: [SOLANA],
    homepage: 'https://solflare.com',
    ...links('solflare://'),
  },
  {
    name: 'Keystone',
    rdns: null,
    chains: [...EVM, BITCOIN, SOLANA],
    homepage: 'https://keyst.one',
    ...links(null),
  },
  {
    name: 'Ambire Wallet',
    rdns: null,
    chains: EVM,
    homepage: 'https://www.ambire.com',
    ...links('ambire://'),
  },
  {
    name: 'Robinhood Wallet',
    rdns: null,
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://robinhood.com/web3-wallet',
    ...links('robinhood-wallet://'),
  },
  {
    name: 'Best Wallet',
    rdns: null,
    chains: EVM,
    homepage: 'https://bestwallet.com',
    ...links('bestwallet://'),
  },
  { name: 'Family', rdns: null, chains: EVM, homepage: 'https://family.co', ...links('familywallet://') },
  {
    name: 'Sequence',
    rdns: null,
    chains: EVM,
    homepage: 'https://sequence.xyz',
    ...links(null, null, 'https://sequence.app'),
  },
  {
    name: 'Ctrl Wallet',
    rdns: 'io.xdefi',
    chains: [...EVM, SOLANA, BITCOIN],
    homepage: 'https://ctrl.xyz',
    ...links(null),
  },
  {
    name: 'Blockchain.com',
    rdns: null,
    chains: [ETHEREUM, BITCOIN, POLYGON],
    homepage: 'https://www.blockchain.com/wallet',
    ...links(null),
  },
]
