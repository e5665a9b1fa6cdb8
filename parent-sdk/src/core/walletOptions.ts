/**
 * The catalogue options of `createKeyframe` (`featuredWalletIds`, `includeWalletIds`, `excludeWalletIds`,
 * `customWallets`), checked once. Read before `open()`, so hand-written checks rather than a schema.
 * @module
 */
import { checkOption } from './errors.ts'
import type { WalletConnectTarget } from './walletConnect.ts'

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
  /** The custom wallets as WalletConnect pairs with them (links null where none was given). */
  readonly custom: readonly WalletConnectTarget[]
}

type WalletOptionsInput = {
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  customWallets?: readonly CustomWallet[]
}

const ID = /^[0-9a-f]{64}$/
/** A link with a scheme and `//`: never `javascript:`, `data:` or `vbscript:`. */
const LINK = /^[a-z][a-z0-9+.-]*:\/\/\S*$/
const IMAGE = /^(https?:\/\/|data:image\/)\S+$/

function ids(option: string, value: unknown): string[] {
  checkOption(
    value === undefined || (Array.isArray(value) && value.every((id) => ID.test(id))),
    option,
    'a list of catalogue wallet ids (64 lowercase hex digits, as /getWallets returns)',
  )
  return [...new Set((value ?? []) as string[])]
}

/** Checks the catalogue options. @throws {ConfigError} one is malformed. @internal */
export function resolveWalletOptions(options: WalletOptionsInput): WalletOptions {
  const { customWallets = [] } = options
  checkOption(Array.isArray(customWallets), 'customWallets', 'a list of wallets')
  const seen = new Set<string>()
  return {
    featured: ids('featuredWalletIds', options.featuredWalletIds),
    include: ids('includeWalletIds', options.includeWalletIds),
    exclude: ids('excludeWalletIds', options.excludeWalletIds),
    custom: customWallets.map((w, i) => {
      const { id, name, imageUrl, mobileLink = null, desktopLink = null, webappLink = null } = w ?? {}
      const at = `customWallets[${i}].`
      checkOption(
        typeof id === 'string' && id !== '' && !seen.has(id),
        `${at}id`,
        'a unique non-empty string',
      )
      checkOption(typeof name === 'string' && name.trim() !== '', `${at}name`, 'a non-empty string')
      checkOption(
        imageUrl === undefined || IMAGE.test(imageUrl),
        `${at}imageUrl`,
        'an http(s) or data:image URL',
      )
      for (const [key, link] of Object.entries({ mobileLink, desktopLink, webappLink }))
        checkOption(link === null || LINK.test(link), at + key, 'a link with a scheme, e.g. "mywallet://"')
      seen.add(id)
      return {
        id,
        name,
        ...(imageUrl === undefined ? {} : { imageUrl }),
        mobileLink,
        desktopLink,
        webappLink,
      }
    }),
  }
}
