/**
 * The catalogue options of `createKeyframe` (`featuredWalletIds`, `includeWalletIds`, `excludeWalletIds`,
 * `customWallets`), checked once. Read before `open()`, so hand-written checks rather than a schema.
 * @module
 */
import { ConfigError } from './errors.ts'

/** A wallet the dApp lists itself (SPEC §9 connector order: 'custom'), connected through WalletConnect. */
export type CustomWallet = {
  /** Unique among the custom wallets; becomes the recent wallet's id. */
  readonly id: string
  readonly name: string
  /** http(s) or data: URL of its icon. */
  readonly imageUrl?: string
  /** Deep link of its mobile app (`scheme://` or an https universal link). */
  readonly mobileLink?: string | null
  /** Deep link of its desktop app. */
  readonly desktopLink?: string | null
  /** Its web app (https). */
  readonly webappLink?: string | null
}

/** The catalogue options, checked. */
export type WalletOptions = {
  readonly featured: readonly string[]
  readonly include: readonly string[]
  readonly exclude: readonly string[]
  readonly custom: readonly CustomWallet[]
}

type WalletOptionsInput = {
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  customWallets?: readonly CustomWallet[]
}

const ID = /^[0-9a-f]{64}$/
/** A link with a scheme, never `javascript:`/`data:`/`vbscript:` (they have no `//`). */
const LINK = /^[a-z][a-z0-9+.-]*:\/\/\S*$/
const IMAGE = /^(https?:\/\/\S+|data:image\/[-+.\w]+[;,]\S+)$/

function fail(option: string, message: string): never {
  throw new ConfigError(option, `Keyframe: \`${option}\` ${message}`)
}

function ids(option: keyof WalletOptionsInput, value: unknown): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && ID.test(id)))
    fail(option, 'must be a list of catalogue wallet ids (64 lowercase hex digits, as /getWallets returns).')
  return [...new Set(value as string[])]
}

function customWallet(value: unknown, i: number, seen: Set<string>): CustomWallet {
  const w = (value ?? {}) as Record<string, unknown>
  const at = `customWallets[${i}]`
  if (typeof w.id !== 'string' || w.id === '' || seen.has(w.id)) fail(at, 'needs a unique non-empty `id`.')
  if (typeof w.name !== 'string' || w.name.trim() === '') fail(at, 'needs a `name`.')
  seen.add(w.id)
  if (w.imageUrl !== undefined && !IMAGE.test(String(w.imageUrl)))
    fail(at, '`imageUrl` must be an http(s) or data:image URL.')
  for (const key of ['mobileLink', 'desktopLink', 'webappLink'])
    if (w[key] != null && !LINK.test(String(w[key])))
      fail(at, `\`${key}\` must be a link with a scheme (e.g. "mywallet://" or "https://mywallet.app/").`)
  return {
    id: w.id,
    name: w.name,
    ...(w.imageUrl === undefined ? {} : { imageUrl: w.imageUrl as string }),
    mobileLink: (w.mobileLink as string | null | undefined) ?? null,
    desktopLink: (w.desktopLink as string | null | undefined) ?? null,
    webappLink: (w.webappLink as string | null | undefined) ?? null,
  }
}

/** Checks the catalogue options. @throws {ConfigError} one is malformed. @internal */
export function resolveWalletOptions(options: WalletOptionsInput): WalletOptions {
  const { customWallets } = options
  if (customWallets !== undefined && !Array.isArray(customWallets))
    fail('customWallets', 'must be a list of wallets ({ id, name, imageUrl?, mobileLink?, … }).')
  const seen = new Set<string>()
  return {
    featured: ids('featuredWalletIds', options.featuredWalletIds),
    include: ids('includeWalletIds', options.includeWalletIds),
    exclude: ids('excludeWalletIds', options.excludeWalletIds),
    custom: (customWallets ?? []).map((w, i) => customWallet(w, i, seen)),
  }
}
