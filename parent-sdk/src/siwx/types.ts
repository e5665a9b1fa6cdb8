/**
 * Sign in with the wallet (SIWX, SPEC §3 "Sign-in session"): the types the page's sign-in flow, its default
 * EIP-4361 implementation (`@keyframe/sdk/siwx`) and the dApp backend's verifier (`@keyframe/sdk/siwx/server`)
 * share. Type-only: nothing here runs, so the server entry takes it without a browser dependency.
 * @module
 */
import type { Caip2Id } from '@keyframe/protocol/core'

/** What the flow knows when it asks for a message: who signs, on which chain. */
export type SiwxMessageInput = {
  /** The connected address (checksummed for eip155). */
  readonly accountAddress: string
  /** CAIP-2 id of the active network, e.g. `eip155:1`. */
  readonly chainId: Caip2Id
}

/** The fields of an EIP-4361 message (SPEC §3 sign-in session `data`). Dates are ISO 8601 strings. */
export type SiwxMessageData = SiwxMessageInput & {
  /** RFC 3986 authority of the dApp asking: its page's `host` (`app.example.com`, `localhost:5173`). */
  readonly domain: string
  /** The dApp's URI the sign-in is for: its page's origin. */
  readonly uri: string
  readonly version: '1'
  /** From the dApp's backend: single use, at least 8 alphanumerics (EIP-4361). */
  readonly nonce: string
  readonly issuedAt: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly requestId?: string
  /** URIs; an ERC-5573 ReCap (`urn:recap:…`) is the last one when the dApp asks for capabilities. */
  readonly resources?: readonly string[]
  /** One line, no line break. */
  readonly statement?: string
}

/** A message ready to sign: its fields and its EIP-4361 text. */
export type SiwxMessage = SiwxMessageData & {
  /** The EIP-4361 text the wallet signs (`personal_sign`). */
  toString(): string
}

/** A signed sign-in (SPEC §3): the fields, the exact text signed and the signature. */
export type SiwxSession = {
  readonly data: SiwxMessageData
  readonly message: string
  /** `0x` hex: 65 bytes for an EOA; ERC-1271 / ERC-6492 bytes for a contract account. */
  readonly signature: `0x${string}`
}

/**
 * What the `siwx` option takes (the shape AppKit's dApps know as SIWXConfig). `createSiwx()` of
 * `@keyframe/sdk/siwx` makes one; a dApp may write its own.
 */
export type SiwxConfig = {
  /** Builds the message for `input` (asks the dApp's backend for a nonce). */
  createMessage(input: SiwxMessageInput): Promise<SiwxMessage>
  /** Keeps a signed session (the default one has the dApp's backend verify it first; a throw refuses it). */
  addSession(session: SiwxSession): Promise<void>
  /** Forgets the sessions of `address` on `chainId`. */
  revokeSession(chainId: Caip2Id, address: string): Promise<void>
  /** Replaces every session with `sessions` (`[]`: sign out everywhere). */
  setSessions(sessions: readonly SiwxSession[]): Promise<void>
  /** The live sessions of `address` on `chainId` (none expired). */
  getSessions(chainId: Caip2Id, address: string): Promise<readonly SiwxSession[]>
  /** Whether the dApp can only be used signed in (default false): close disabled, cancel disconnects. */
  getRequired?(): boolean
  /** Whether disconnecting signs out (default true). */
  readonly signOutOnDisconnect?: boolean
}

/**
 * The `siweConfig` option: the SIWE config AppKit's dApps pass (`createSIWEConfig`), taken as is and turned
 * into a {@link SiwxConfig}. Only its eip155 chains sign in.
 */
export type SiweConfig = {
  getNonce(address?: string): Promise<string>
  /** Builds the EIP-4361 text from its fields (AppKit's `formatMessage` of them). */
  createMessage(args: SiweCreateMessageArgs): string
  /** The dApp backend's verdict on a signed message: true keeps it. */
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>
  /** The backend's current session, if any. */
  getSession(): Promise<{ address: string; chainId: number } | null | undefined>
  /** Ends the backend's session: true when it did. */
  signOut(): Promise<boolean>
  /** Fields every message carries (domain and uri default to the page's). */
  getMessageParams?(): Promise<SiweMessageParams>
  readonly required?: boolean
  readonly signOutOnDisconnect?: boolean
  onSignIn?(session?: { address: string; chainId: number }): void
  onSignOut?(): void
}

/** The message fields a {@link SiweConfig} may fix for every message. */
export type SiweMessageParams = {
  readonly domain?: string
  readonly uri?: string
  readonly chains?: readonly number[]
  readonly statement?: string
  readonly expiry?: number
  readonly notBefore?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
  readonly iat?: string
  readonly exp?: string
  readonly nbf?: string
}

/** What a {@link SiweConfig}'s `createMessage` receives (AppKit's SIWECreateMessageArgs). */
export type SiweCreateMessageArgs = {
  /** `did:pkh:eip155:{chainId}:{address}`. */
  readonly address: string
  readonly chainId: number
  readonly nonce: string
  readonly domain: string
  readonly uri: string
  readonly version: '1'
  readonly iat?: string
  readonly exp?: string
  readonly nbf?: string
  readonly statement?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
}
