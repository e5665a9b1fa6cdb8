/**
 * Business constants and limits (SPEC §9, plus the frame-boundary figures of SECURITY.md §3).
 * Durations are milliseconds and end in `_MS`. Lists are `as const` tuples; their element types are exported.
 * @module
 */

// ── Timings ──────────────────────────────────────────────────────────────────

/** Minimum time between two e-mail login triggers (SPEC §5, §9). */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
/** Timeout for connect e-mail, device, one-time code, social and social redirect requests (SPEC §8, §9). */
export const FRAME_CONNECT_TIMEOUT_MS = 30_000
/** Minimum time between two token balance fetch retries (SPEC §9). */
export const TOKEN_BALANCE_RETRY_MS = 30_000
/** How long the portfolio (token balances) cache stays fresh (SPEC §9). */
export const PORTFOLIO_CACHE_MS = 30_000
/** How long the native balance cache stays fresh (SPEC §9). */
export const NATIVE_BALANCE_CACHE_MS = 30_000
/** How long a name (ENS) lookup cache stays fresh (SPEC §9). */
export const ENS_CACHE_MS = 300_000
/** How long an identity lookup cache stays fresh (SPEC §9). */
export const IDENTITY_CACHE_MS = 300_000
/** Wait between closing an open toast and showing the next one (SPEC §4, §9). */
export const TOAST_SWAP_DELAY_MS = 150
/** Header text animation duration (SPEC §9). */
export const HEADER_TEXT_ANIMATION_MS = 120
/** Modal height animation duration (SPEC §9). */
export const MODAL_HEIGHT_ANIMATION_MS = 150
/** View transition animation duration (SPEC §9). */
export const VIEW_TRANSITION_MS = 150
/** Delay before the error message for an unknown RPC method is shown (SPEC §6). */
export const UNSUPPORTED_ACTION_DELAY_MS = 300
/** How long the parent waits for the login frame to report ready. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** Time the user has to decide on an unsafe request before it is rejected with 4001 (SECURITY.md §3). */
export const APPROVAL_TIMEOUT_MS = 300_000
/** How long the frame must be visible, unobscured and unchanged before approve is enabled (SECURITY.md §3). */
export const APPROVAL_VISIBLE_MS = 1000
/** Pending-request timing: 4 minutes (SPEC §9; use not shown). */
export const FOUR_MINUTES_MS = 240_000
/** Pending-request timing: 10 seconds (SPEC §9; use not shown). */
export const TEN_SECONDS_MS = 10_000
/** Pending-request timing: 5 seconds (SPEC §9; use not shown). */
export const FIVE_SECONDS_MS = 5000
/** Pending-request timing: 3 seconds (SPEC §9; use not shown). */
export const THREE_SECONDS_MS = 3000
/** Pending-request timing: 1 second (SPEC §9; use not shown). */
export const ONE_SECOND_MS = 1000

// ── Protocol ─────────────────────────────────────────────────────────────────

/** Version of the frame message protocol carried in every envelope as `v`. */
export const PROTOCOL_VERSION = 1
/** Largest accepted frame message, in bytes (SECURITY.md §3). */
export const MAX_MESSAGE_BYTES = 128 * 1024
/** Size of the in-memory log buffer, in bytes (SPEC §9). */
export const LOG_BUFFER_BYTES = 1_024_000
/** Most pending transactions tracked at once (SPEC §9). */
export const PENDING_TRANSACTIONS_LIMIT = 99

// ── Chains ───────────────────────────────────────────────────────────────────

/** Chain namespaces the product knows (SPEC §9). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const
/** A chain namespace (SPEC §9). */
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]
/** Namespaces the embedded (auth) wallet supports (SPEC §9). */
export const AUTH_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
/** A namespace the embedded (auth) wallet supports. */
export type AuthNamespace = (typeof AUTH_NAMESPACES)[number]
/** Default network of the login frame and the app (SPEC §2, §9). */
export const DEFAULT_CHAIN_ID = 'eip155:1'
/** Label of a network the app does not support (SPEC §8). */
export const UNKNOWN_NETWORK_NAME = 'Unknown Network'
/** Namespaces where balances are fetched (SPEC §9). */
export const BALANCE_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
/** Namespaces where account names can be registered (SPEC §5, §9). */
export const NAME_NAMESPACES = ['eip155'] as const satisfies readonly ChainNamespace[]
/** Namespaces where activity (transaction history) is fetched (SPEC §9). */
export const ACTIVITY_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
/** Adapter types (SPEC §9). */
export const ADAPTER_TYPES = ['universal', 'solana', 'wagmi', 'ethers', 'ethers5', 'bitcoin'] as const
/** An adapter type. */
export type AdapterType = (typeof ADAPTER_TYPES)[number]

// ── Accounts ─────────────────────────────────────────────────────────────────

/** Account types a user can prefer (SPEC §5). */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
/** An account type a user can prefer. */
export type AccountType = (typeof ACCOUNT_TYPES)[number]
/** Default account type per namespace (SPEC §9); bip122 uses its payment address. */
export const DEFAULT_ACCOUNT_TYPES = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
} as const satisfies Record<ChainNamespace, string>
/** Current account-name suffix (SPEC §9). */
export const NAME_SUFFIX = '.reown.id'
/** Legacy account-name suffix (SPEC §9). */
export const LEGACY_NAME_SUFFIX = '.wcn.id'
/** Account-name suffixes, current first (SPEC §9). */
export const NAME_SUFFIXES = [NAME_SUFFIX, LEGACY_NAME_SUFFIX] as const
/** An account-name suffix. */
export type NameSuffix = (typeof NAME_SUFFIXES)[number]

// ── Login ────────────────────────────────────────────────────────────────────

/** OAuth social-login providers accepted by the frame (SPEC §1, §5). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** An OAuth social-login provider. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Social login buttons in default order, Farcaster included (SPEC §9). */
export const SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
/** A social login button. */
export type Social = (typeof SOCIALS)[number]
/** The page the parent opens synchronously on the person's press, on the frame's origin (Safari blocks late popups). */
export const SOCIAL_POPUP_PATH = '/social/popup'
/** Fragment key the redirect fallback returns to the dApp page with: `#keyframe-social=<done URI>`. */
export const SOCIAL_RETURN_PARAM = 'keyframe-social'
/** `type` of the message the popup posts to its opener (exact origin, never '*'): `{ type, uri }`. */
export const SOCIAL_RESULT_MESSAGE = 'keyframe:social-result'
/**
 * `type` of the message the popup posts, with the ticket, to the frames inside its opener at the frame's own
 * origin only: `{ type, ticket }`. The ticket never passes through the dApp page (SECURITY.md §0).
 */
export const SOCIAL_TICKET_MESSAGE = 'keyframe:social-ticket'
/** Default order of connect methods in the Connect view (SPEC §9). */
export const DEFAULT_CONNECT_METHOD_ORDER = ['email', 'social', 'wallet'] as const
/** A connect method. */
export type ConnectMethod = (typeof DEFAULT_CONNECT_METHOD_ORDER)[number]

// ── Modal ────────────────────────────────────────────────────────────────────

/** Order of connector groups in the wallet list (SPEC §9). */
export const CONNECTOR_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
/** A connector group. */
export type ConnectorGroup = (typeof CONNECTOR_ORDER)[number]
/** Order of wallet features in the Account view (SPEC §9). */
export const WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const
/** A wallet feature shown in the Account view. */
export type WalletFeature = (typeof WALLET_FEATURE_ORDER)[number]
/** Feature flags and their defaults (SPEC §9). */
export const DEFAULT_FEATURES = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  emailShowWallets: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
} as const satisfies Record<string, boolean>
/** A feature flag name. */
export type FeatureName = keyof typeof DEFAULT_FEATURES
/** A full set of feature flags. */
export type Features = Record<FeatureName, boolean>
/** Theme modes (SPEC §5). */
export const THEME_MODES = ['light', 'dark'] as const
/** A theme mode. */
export type ThemeMode = (typeof THEME_MODES)[number]
/** Theme mode used when none is set (SPEC §4). */
export const DEFAULT_THEME_MODE = 'dark' satisfies ThemeMode
/** Most recent wallets remembered (SPEC §3, §9). */
export const RECENT_WALLETS_MAX = 2

// ── Wallet catalogue ─────────────────────────────────────────────────────────

/** Featured wallets requested when no featured ids are configured (SPEC §9: count of ids, default 4). */
export const FEATURED_WALLETS_DEFAULT_COUNT = 4
/** Recommended wallets requested (SPEC §9). */
export const RECOMMENDED_WALLETS_COUNT = 4
/** Catalogue page of the recommended wallets request (SPEC §9). */
export const RECOMMENDED_WALLETS_PAGE = 1
/** Entries per page of the paged wallet list (SPEC §9). */
export const WALLETS_PAGE_SIZE = 40
/** Wallet images prefetched per page of the paged list (SPEC §9). */
export const WALLET_IMAGES_PREFETCH_COUNT = 20
/** Entries requested by a wallet search (SPEC §9). */
export const WALLET_SEARCH_ENTRIES = 100
/** Minimum time a wallet search shows its loading state (SPEC §9). */
export const WALLET_SEARCH_MIN_WAIT_MS = 300
/** Catalogue names replaced for display (SPEC §9: Trust Wallet shown as Trust). */
export const WALLET_DISPLAY_NAMES: Readonly<Record<string, string>> = { 'Trust Wallet': 'Trust' }

// ── Swaps and on-ramp ────────────────────────────────────────────────────────

/** Swap slippage tolerance, in percent (SPEC §9). */
export const SWAP_SLIPPAGE = 1
/** EVM chain ids where swaps are offered (SPEC §9). */
export const SWAP_CHAIN_IDS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554] as const
/** Lowest on-ramp provider fee, in percent (SPEC §9). */
export const ONRAMP_PROVIDER_FEE_MIN_PERCENT = 1
/** Highest on-ramp provider fee, in percent (SPEC §9). */
export const ONRAMP_PROVIDER_FEE_MAX_PERCENT = 2
/** Fiat currencies of the built-in on-ramp options fallback (SPEC §8). */
export const DEFAULT_ONRAMP_CURRENCIES = ['USD', 'EUR'] as const
/** Built-in on-ramp payment limits per method, in fiat units (SPEC §8, §9). */
export const DEFAULT_ONRAMP_LIMITS = {
  card: { min: 10, max: 7500 },
  bank: { min: 10, max: 25_000 },
} as const

// ── Display ──────────────────────────────────────────────────────────────────

/** Decimals shown for transaction amounts (SPEC §9). */
export const TRANSACTION_AMOUNT_DECIMALS = 3
/** Decimals shown for balances (SPEC §9). */
export const BALANCE_DECIMALS = 2
/** Leading characters kept when shortening an address (SPEC §9). */
export const ADDRESS_LEADING_CHARS = 4
/** Trailing characters kept when shortening an address (SPEC §9). */
export const ADDRESS_TRAILING_CHARS = 6
/** Transaction operation types shown with a `+` amount (SPEC §9). */
export const POSITIVE_OPERATION_TYPES = ['receive', 'deposit', 'borrow', 'claim'] as const
/** Transaction operation types shown with a `-` amount (SPEC §9). */
export const NEGATIVE_OPERATION_TYPES = ['withdraw', 'repay', 'burn'] as const

// ── Fallback transport ───────────────────────────────────────────────────────

/** Polling interval of the fallback RPC transport (SPEC §9). */
export const FALLBACK_POLLING_INTERVAL_MS = 4000
/** Pings sampled per transport when ranking fallback transports (SPEC §9). */
export const FALLBACK_RANK_SAMPLE_COUNT = 10
/** Timeout of one ranking ping (SPEC §9). */
export const FALLBACK_RANK_TIMEOUT_MS = 1000
/** Weights of stability and latency in a transport's rank score; they sum to 1 (SPEC §9). */
export const FALLBACK_RANK_WEIGHTS = { stability: 0.7, latency: 0.3 } as const
