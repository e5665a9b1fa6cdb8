/**
 * A scripted Farcaster client (what Warpcast does when a person scans the QR): reads the `farcaster://connect`
 * URI, builds the Sign In With Farcaster message (EIP-4361, one `farcaster://fid/<fid>` resource), signs it
 * with the account's custody key and authenticates the relay channel.
 * @module
 */
import type { LocalAccount } from 'viem'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { type ChannelStatus, channelStatus, parseConnectUri } from './channelApi.ts'

/** The statement and chain id Farcaster clients put in a SIWF message. */
export const SIWF_STATEMENT = 'Farcaster Auth'
export const SIWF_CHAIN_ID = 10

export type AuthenticateWithFarcasterOptions = {
  /** The relay's `http://HOST:PORT` (where a real client's relay is built in). */
  relayUrl: string
  /** The `farcaster://connect?…` URI (the QR's). */
  url: string
  /** Signs the message: the fid's custody key, or (an attack) any other. */
  account: LocalAccount
  fid: number
  username: string
  /**
   * Fields of the message to set instead of the URI's (tests of a server's checks: another nonce or domain,
   * two fid resources, an expiry in the past, a custody address the signer does not hold).
   */
  message?: Partial<
    Pick<
      SiweMessage,
      'address' | 'domain' | 'nonce' | 'uri' | 'resources' | 'issuedAt' | 'expirationTime' | 'notBefore'
    >
  >
}

/** The SIWF message a client signs for a connect URI. */
export function siwfMessage(
  options: Omit<AuthenticateWithFarcasterOptions, 'relayUrl' | 'username'>,
): string {
  const params = parseConnectUri(options.url)
  return createSiweMessage({
    domain: params.domain,
    address: options.account.address,
    statement: SIWF_STATEMENT,
    uri: params.siweUri,
    version: '1',
    chainId: SIWF_CHAIN_ID,
    nonce: params.nonce,
    issuedAt: new Date(),
    ...(params.notBefore ? { notBefore: new Date(params.notBefore) } : {}),
    ...(params.expirationTime ? { expirationTime: new Date(params.expirationTime) } : {}),
    ...(params.requestId ? { requestId: params.requestId } : {}),
    resources: [`farcaster://fid/${options.fid}`],
    ...options.message,
  })
}

/**
 * Signs in on the channel of `url` as `fid`: builds and signs the message, posts it to the relay's
 * `/v1/channel/authenticate`, and answers the channel's state.
 * @throws Error when the relay refuses (unknown or expired channel, already authenticated).
 * @example
 * const account = privateKeyToAccount(DEV_FARCASTER_FIDS[0].privateKey)
 * await authenticateWithFarcaster({ relayUrl, url: qrUri, account, fid: 1, username: 'alice' })
 */
export async function authenticateWithFarcaster(
  options: AuthenticateWithFarcasterOptions,
): Promise<ChannelStatus> {
  const { channelToken } = parseConnectUri(options.url)
  const message = siwfMessage(options)
  const signature = await options.account.signMessage({ message })
  const response = await fetch(new URL('/v1/channel/authenticate', options.relayUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      message,
      signature,
      fid: options.fid,
      username: options.username,
      custody: options.account.address,
    }),
  })
  if (response.status !== 201)
    throw new Error(`The relay refused the authentication: ${response.status} ${await response.text()}`)
  return channelStatus.parse(await response.json())
}
