/**
 * The options of `createKeyframe()`, checked (SPEC §9): each invalid one is a {@link ConfigError} naming it and
 * the fix, thrown when the instance is created.
 * @module
 */
import {
  type Caip2Id,
  DEFAULT_CHAIN_ID,
  DEFAULT_CONNECT_METHOD_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_THEME_MODE,
  type FeatureName,
  type Features,
  SOCIALS,
  toCaip2,
} from '@keyframe/protocol/core'
import type { SiweConfig, SiwxConfig } from '../siwx/types.ts'
import type { KeyframeOptions } from './createKeyframe.ts'
import { ConfigError, checkOption } from './errors.ts'
import { createMemoryStorage, defaultStorage } from './loginCache.ts'
import type { SiwxState } from './siwxSession.ts'
import { isThemeMode } from './theme.ts'
import { resolveWalletConnectOption } from './walletConnectStart.ts'

function isHttpUrl(value: unknown): boolean {
  try {
    const { protocol } = new URL(value as string)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** Option `siwx` or `siweConfig`, checked: the sign-in flow (`siwx/flow.ts`) turns the latter into the former. */
export type SiwxOption =
  | { readonly view: 'SIWXSignMessage'; readonly siwx: SiwxConfig }
  | { readonly view: 'ConnectingSiwe'; readonly siwe: SiweConfig }

function hasMethods(value: unknown, names: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function')
  )
}

/** Options `siwx` / `siweConfig` (one at most), each with the methods its type has. */
function resolveSiwxOption(options: KeyframeOptions): SiwxOption | undefined {
  const { siwx, siweConfig } = options
  if (siwx != null && siweConfig != null) {
    throw new ConfigError(
      'siwx',
      'Keyframe: set `siwx` or `siweConfig`, not both: `siweConfig` is the older name of the same option.',
    )
  }
  if (siwx != null) {
    checkOption(
      hasMethods(siwx, ['createMessage', 'addSession', 'revokeSession', 'setSessions', 'getSessions']) &&
        (siwx.getRequired === undefined || typeof siwx.getRequired === 'function'),
      'siwx',
      'an object with createMessage, addSession, revokeSession, setSessions and getSessions (createSiwx() of @keyframe/sdk/siwx makes one)',
    )
    return { view: 'SIWXSignMessage', siwx }
  }
  if (siweConfig != null) {
    checkOption(
      hasMethods(siweConfig, ['getNonce', 'createMessage', 'verifyMessage', 'getSession', 'signOut']),
      'siweConfig',
      "an object with getNonce, createMessage, verifyMessage, getSession and signOut (AppKit's createSIWEConfig)",
    )
    return { view: 'ConnectingSiwe', siwe: siweConfig }
  }
  return undefined
}

/** The sign-in state an instance starts with: no session yet (the flow looks the account's up once connected). */
export function initialSiwxState(option: SiwxOption | undefined): SiwxState | undefined {
  if (!option) return undefined
  const required = 'siwx' in option ? (option.siwx.getRequired?.() ?? false) : option.siwe.required === true
  return { view: option.view, required, session: undefined, status: 'idle', error: undefined }
}

/**
 * Checks `createKeyframe()`'s options and fills in their defaults. Plain conditions, no schema: this runs
 * before `open()`, in the pre-open code.
 * @throws {ConfigError} `projectId` is missing (also reported to `onAlert`), or another option is invalid.
 */
export function resolveOptions(options: KeyframeOptions) {
  if (typeof options?.projectId !== 'string' || options.projectId.trim() === '') {
    const message =
      'Keyframe: `projectId` is missing. Pass the project id your Keyframe frame server gave you: createKeyframe({ projectId, frameUrl, networks }).'
    options?.onAlert?.({ code: 'MISSING_PROJECT_ID', message })
    throw new ConfigError('projectId', message)
  }
  checkOption(
    isHttpUrl(options.frameUrl),
    'frameUrl',
    `the full http(s) URL of the frame document (e.g. "https://wallet.example.com/frame"), got ${JSON.stringify(options.frameUrl)}`,
  )
  const themeMode = options.themeMode ?? DEFAULT_THEME_MODE
  checkOption(isThemeMode(themeMode), 'themeMode', `"light" or "dark", got ${JSON.stringify(themeMode)}`)
  const connectMethods = options.connectMethods ?? DEFAULT_CONNECT_METHOD_ORDER
  for (const method of connectMethods) {
    if (!(DEFAULT_CONNECT_METHOD_ORDER as readonly string[]).includes(method)) {
      throw new ConfigError(
        'connectMethods',
        `Keyframe: unknown connect method ${JSON.stringify(method)}; use ${DEFAULT_CONNECT_METHOD_ORDER.map((m) => `"${m}"`).join(', ')}.`,
      )
    }
  }
  let chainId: Caip2Id | undefined
  for (const network of options.networks ?? []) {
    let id: Caip2Id
    try {
      id = toCaip2(network.id)
    } catch (cause) {
      throw new ConfigError(
        'networks',
        `Keyframe: network ${JSON.stringify(network.name)} has an invalid id ${JSON.stringify(network.id)}; use an EVM chain id number or a CAIP-2 id.`,
        { cause },
      )
    }
    chainId ??= id
  }
  checkOption(
    options.chainApiUrl === undefined || isHttpUrl(options.chainApiUrl),
    'chainApiUrl',
    `the http(s) URL of your chain-api, got ${JSON.stringify(options.chainApiUrl)}`,
  )
  const socials = options.features?.socials ?? SOCIALS
  checkOption(
    socials === false || (Array.isArray(socials) && socials.every((s) => SOCIALS.includes(s))),
    'features.socials',
    `false or an array of ${SOCIALS.join(', ')}`,
  )
  const features: Features = { ...DEFAULT_FEATURES }
  for (const [name, on] of Object.entries(options.features ?? {})) {
    if (name === 'socials') continue
    if (!(name in DEFAULT_FEATURES) || typeof on !== 'boolean') {
      throw new ConfigError(
        'features',
        `Keyframe: \`features.${name}\` must be one of ${Object.keys(DEFAULT_FEATURES).join(', ')} set to true or false.`,
      )
    }
    features[name as FeatureName] = on
  }
  const storage =
    options.storage === undefined
      ? (defaultStorage() ?? createMemoryStorage())
      : (options.storage ?? createMemoryStorage())
  const walletConnect = resolveWalletConnectOption(options.walletConnect, options.metadata)
  const siwx = resolveSiwxOption(options)
  return {
    siwx,
    themeMode,
    walletConnect,
    connectMethods: [...new Set(connectMethods)],
    chainId: chainId ?? DEFAULT_CHAIN_ID,
    storage,
    features,
    socials: [...new Set(socials || [])],
  }
}
