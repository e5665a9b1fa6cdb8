/**
 * The wallet catalogue (spec §7 "wallet catalogue host"): a curated list of well-known wallets, searchable and
 * paged, with generated images for wallets, assets, currencies and tokens, and the analytics switch.
 * @module
 */
import * as z from 'zod/mini'
import { endpoint } from './endpoint.ts'

/** Most entries per page. */
export const WALLETS_MAX_ENTRIES = 100
/** Entries per page when `entries` is absent (spec §9: the paged list shows 40). */
export const WALLETS_DEFAULT_ENTRIES = 40

/** A catalogue id: 64 hex digits (SHA-256 of the wallet's rdns, or of its name when it has none). */
export const walletId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Invalid wallet id'))

/** `certified` wallets carry the catalogue's badge; this catalogue certifies none, so all are `none`. */
export const badgeType = z.enum(['none', 'certified'], 'Expected none or certified')

/** One catalogue entry (spec §3): links are null where the wallet publishes none. */
export const catalogueWallet = z.object({
  id: z.string(),
  /** The id of its image: `/getWalletImage/{image_id}`. */
  image_id: z.string(),
  name: z.string(),
  /** EIP-6963 reverse-DNS id of its injected provider, when it announces one. */
  rdns: z.nullable(z.string()),
  /** CAIP-2 ids of the networks it supports (the main ones; most EVM wallets also add any EVM network). */
  chains: z.array(z.string()),
  /** Deep link of its mobile app (native scheme, else universal link). */
  mobile_link: z.nullable(z.string()),
  /** Deep link of its desktop app. */
  desktop_link: z.nullable(z.string()),
  /** Its web app, for wallets that run in the browser. */
  webapp_link: z.nullable(z.string()),
  homepage: z.string(),
  badge_type: badgeType,
})
export type CatalogueWallet = z.infer<typeof catalogueWallet>

/** A comma list in a query (`a,b,c`), each item checked by `item`. */
const commaList = (item: RegExp, message: string) =>
  z.string().check(
    z.maxLength(8192),
    z.refine(
      (text) => text.split(',').every((part) => part.trim() === '' || item.test(part.trim())),
      message,
    ),
  )

const positiveInt = z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'Expected a positive integer'))

export const getWallets = endpoint({
  method: 'get',
  path: '/getWallets',
  summary:
    'Catalogue wallets in curated order, filtered (search on the name, trimmed and case-insensitive; include / ' +
    'exclude comma lists of ids; chains comma CAIP-2 list, any of them; badge_type), de-duplicated by id, paged ' +
    `(page from 1, entries ≤ ${WALLETS_MAX_ENTRIES}, default ${WALLETS_DEFAULT_ENTRIES}); count = all matches`,
  auth: 'project',
  query: z.object({
    page: z.optional(positiveInt),
    entries: z.optional(
      positiveInt.check(
        z.refine((v) => Number(v) <= WALLETS_MAX_ENTRIES, `Expected at most ${WALLETS_MAX_ENTRIES}`),
      ),
    ),
    search: z.optional(z.string().check(z.maxLength(100))),
    include: z.optional(commaList(/^[0-9a-f]{64}$/, 'Invalid wallet id')),
    exclude: z.optional(commaList(/^[0-9a-f]{64}$/, 'Invalid wallet id')),
    chains: z.optional(commaList(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Invalid CAIP-2 network id')),
    badge_type: z.optional(badgeType),
  }),
  response: z.object({ data: z.array(catalogueWallet), count: z.number() }),
})

/** An image id in a path: a wallet id, a symbol (`ETH`, `kUSD`) or any other short id. */
export const imageId = z.string().check(z.regex(/^[A-Za-z0-9._-]{1,128}$/, 'Invalid image id'))

const image = (path: string, summary: string, errors?: readonly number[]) =>
  endpoint({
    method: 'get',
    path,
    summary,
    auth: 'public',
    params: z.object({ id: imageId }),
    response: null,
    produces: 'image/svg+xml',
    ...(errors ? { errors } : {}),
  })

export const getWalletImage = image(
  '/getWalletImage/{id}',
  "A catalogue wallet's image (generated SVG: its initials on a colour of its id); 404 for an unknown id",
  [404],
)
export const getAssetImage = image('/public/getAssetImage/{id}', 'An asset image for any id (generated SVG)')
export const getCurrencyImage = image(
  '/public/getCurrencyImage/{id}',
  'A currency image for any id (generated SVG)',
)
export const getTokenImage = image(
  '/public/getTokenImage/{id}',
  'A token image for any id, e.g. a symbol (generated SVG)',
)

export const getAnalyticsConfig = endpoint({
  method: 'get',
  path: '/getAnalyticsConfig',
  summary: 'Whether the SDK may send analytics events (ANALYTICS_ENABLED, default false)',
  auth: 'project',
  response: z.object({ isAnalyticsEnabled: z.boolean() }),
})
