import {
  type ChainApi,
  chainFromDevChain,
  createLogger as createChainApiLogger,
  createConfig,
  DEV_ONRAMP_SANDBOX_KEY,
  devPrices,
  startChainApi,
} from '@keyframe/chain-api'
import {
  type Anvil,
  DEV_FARCASTER_FIDS,
  type DevChain,
  type DevChains,
  type DevFarcasterFid,
  type FarcasterRelay,
  type Faucet,
  fund,
  ID_REGISTRY_ADDRESS,
  type MailCatcher,
  type Oidc,
  type StaticSite,
  startAnvil,
  startChains,
  startFarcasterRelay,
  startFaucet,
  startMailCatcher,
  startOidc,
  startStaticSite,
} from '@keyframe/dev-fixtures'
import {
  createDatabase,
  type Database,
  type FrameServer,
  loadServerConfig,
  type StartFrameServerOptions,
  startFrameServer,
} from '@keyframe/frame/server'
import { SOCIAL_PROVIDERS } from '@keyframe/protocol/core'
import { SOCIAL_CALLBACK_PATH } from '@keyframe/protocol/frame-api/social'
import { privateKeyToAccount } from 'viem/accounts'
import { fileLogger } from './logFile.ts'
import { dappDist, frameWebDist } from './paths.ts'
import { type Relay, startRelay } from './relay/startRelay.ts'
import { siwxBackend } from './siwxBackend.ts'

/** The host of the second dApp site: another loopback address, so another site to the browser. */
export const SECOND_DAPP_HOST = '127.0.0.2'

/** A local stack's only client is loopback: its per-client login limits out of the way (see `limits`). */
const LOCAL_CLIENT_LIMITS = { startsPerClientPerHour: 1_000_000, verifiesPerClientPerHour: 1_000_000 }

export type StackOptions = {
  /** Port of the demo dApp on 127.0.0.1 (0 = any free port). */
  dappPort?: number
  /** Port of the frame server, reached as http://localhost:PORT (0 = any free port). */
  framePort?: number
  projectId?: string
  /** Extra origins the dev project and the faucet allow (e.g. a test page). */
  extraOrigins?: string[]
  /** 'off' only for the e2e test that proves the in-frame guard alone refuses a hostile embedder. */
  frameAncestors?: 'enforce' | 'off'
  /** PGlite data folder that survives restarts (`npm start`); default: a fresh in-memory database. */
  dataDir?: string
  /** Ports of the mail catcher on 127.0.0.1 (0 = any free port). */
  smtpPort?: number
  mailboxPort?: number
  /** The dev project's recovery mode (default `passphrase`, as a project gets without one). */
  recoveryMode?: 'passphrase' | 'operator'
  /**
   * Also serves the demo dApp on a second top-level site, `http://127.0.0.2:PORT` (an allowed origin of the
   * project too): the browser partitions the frame's storage per top-level site, so there the frame is a new
   * device. Off by default.
   */
  secondSite?: boolean
  /** Port of the second site (0 = any free port). */
  secondDappPort?: number
  /**
   * Appends every log line of the stack here as JSON lines, each with a `source`: the frame server's logger
   * (`frame`), the mail catcher (`mail`), the dApp sites (`dapp`, `dapp2`), anvil (`chain`), the faucet
   * (`faucet`), the WalletConnect relay (`relay`), the Farcaster relay (`farcaster-relay`) and the social
   * providers' stand-in (`oidc`). Default: the frame server logs to stderr and the others stay silent.
   */
  logFile?: string
  /**
   * Overrides of the frame server's limits (tests only; see `LIMITS` in `@keyframe/frame/server`). The
   * per-client login limits are off by default here: every browser of a local stack is the one client
   * 127.0.0.1, and a test run logs in far more than a stranger may in an hour.
   */
  limits?: StartFrameServerOptions['limits']
  /** 'off' only for the controls of the e2e account attacks (what a bare session could do without the guards). */
  accountGuards?: 'enforce' | 'off'
  /** How long the frame waits for the person to approve a transaction or signature (default: the spec's 5 min). */
  approvalTimeoutMs?: number
  /** Ports of the two anvil chains on 127.0.0.1 (0 = any free port; default both 0). */
  anvilPorts?: [number, number]
  /** Port of the dev faucet on 127.0.0.1 (0 = any free port). */
  faucetPort?: number
  /**
   * Starts a further anvil that is not one of the frame's chains, for `wallet_addEthereumChain`: chain
   * `chainId` (default 1338, the "Localhost 8546" MetaMask's test dApp adds) on 127.0.0.1:`port` (0 = any
   * free port, the default). The frame server's policy (`addableChains`) allows it unless `allowed: false`
   * (what a test of the policy's refusal starts with). Off by default.
   */
  addableChain?: { chainId?: number; port?: number; allowed?: boolean }
  /**
   * Port of chain-api on 127.0.0.1 (0 = any free port). Its data lives in memory, like the chains it indexes:
   * both start fresh each time.
   */
  chainApiPort?: number
  /** Port of the local WalletConnect relay on 127.0.0.1 (0 = any free port). */
  relayPort?: number
  /** Port of the local Farcaster auth relay and its dev client page on 127.0.0.1 (0 = any free port). */
  farcasterRelayPort?: number
  /** Whether a social login may come back by full-page redirect when its popup was blocked (default true here). */
  socialRedirectFallback?: boolean
  /** Port of the social providers' stand-in on 127.0.0.1 (0 = any free port). */
  oidcPort?: number
}

export type Stack = {
  dappUrl: string
  dappOrigin: string
  /** The frame document URL the SDK is configured with. */
  frameUrl: string
  frameOrigin: string
  projectId: string
  /** The same dApp on the second site (`secondSite: true`), e.g. `http://127.0.0.2:41234/`. */
  secondDappUrl: string | undefined
  secondDappOrigin: string | undefined
  /** The SMTP catcher every mail of the frame server goes to; its inbox is at `mail.httpUrl`. */
  mail: MailCatcher
  /** The local EVM chains (31337 "Keyframe Local", 31338 "Keyframe Local 2"), contracts deployed. */
  chains: DevChain[]
  /** `POST {faucetUrl}/fund` with `{ "address": "0x…" }` funds it on every chain (CORS: the dApp origins and `extraOrigins`). */
  faucetUrl: string
  /**
   * chain-api (`http://127.0.0.1:PORT`): the Blockchain API, wallet catalogue and RPC gateway over both chains
   * for the dev project (the dApp origins), indexing them; sandbox purchases are paid by anvil account #9.
   */
  chainApiUrl: string
  /**
   * The local WalletConnect relay (`ws://127.0.0.1:PORT`, for development and tests only): the demo dApp's
   * `walletConnect.relayUrl`, and the one a test wallet (`startWalletConnectDevWallet`) pairs through.
   */
  relayUrl: string
  /**
   * The local stand-in for Farcaster's auth relay (`http://127.0.0.1:PORT`): the frame server's, and at `/` a
   * page that plays the Farcaster app (paste the modal's connect URI, pick a dev fid, Sign in).
   */
  farcasterRelayUrl: string
  /**
   * The Farcaster accounts registered on the dev chains' IdRegistry (fid, username, custody key), for
   * `authenticateWithFarcaster` in tests. The dev project has Farcaster login on.
   */
  farcasterFids: readonly DevFarcasterFid[]
  /**
   * The stand-in for the six social providers (`startOidc`): an issuer per provider at
   * `http://127.0.0.1:PORT/<provider>` and its client, all turned on for the dev project with the frame's
   * callback as their redirect URI. Its login page takes any name (`alice`, `alice+unverified`, `alice+noemail`).
   */
  oidc: Pick<Oidc, 'url' | 'issuers' | 'clients'>
  /** The further anvil of `addableChain`, when started. */
  addableChain: { chainId: number; rpcUrl: string } | undefined
  /** Gives `address` 100 ETH, 1000 KFT and 1000 kUSD on every chain. */
  fund(address: `0x${string}`): Promise<void>
  close(): Promise<void>
}

/**
 * Starts the local world: the demo dApp on 127.0.0.1 and the frame on localhost — two origins and two
 * sites, as a real deployment has — with the mail catcher the frame server mails through, two local EVM
 * chains with the dev contracts, the faucet, the WalletConnect and Farcaster relays and the social providers'
 * stand-in. With `secondSite` the dApp is also
 * served on 127.0.0.2, a third site. On a failed start, whatever started is stopped again.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const projectId = options.projectId ?? 'dev'
  let frameUrl = ''
  let chains: DevChain[] = []
  let faucetUrl = ''
  let chainApiUrl = ''
  let relayUrl = ''
  const { logFile } = options
  const siwxApp = siwxBackend(() => chains)
  // Each site serves the example SIWX backend at /siwx, open to that site's own origin only.
  const dappSite = async (name: string, host: string, port: number) => {
    const origins: string[] = []
    const site = await startStaticSite({
      root: dappDist,
      host,
      port,
      config: () => ({ projectId, frameUrl, chains, faucetUrl, chainApiUrl, walletConnect: { relayUrl } }),
      name,
      app: siwxApp(() => origins),
      ...(logFile ? { logger: fileLogger(logFile, name) } : {}),
    })
    origins.push(site.origin)
    return site
  }
  // One group per start phase; stopped last phase first, so the frame server stops before its database.
  const phases: (() => Promise<void>)[][] = []
  const closeAll = async () => {
    for (const phase of phases.toReversed()) await Promise.allSettled(phase.map((close) => close()))
  }
  // Starts one phase's services in parallel; if one fails, stops everything started (the failure is rethrown).
  const startAll = async <T extends unknown[]>(
    starts: { [K in keyof T]: Promise<T[K]> },
    closeOf: (value: T[number]) => (() => Promise<void>) | undefined,
  ): Promise<T> => {
    const results = await Promise.allSettled(starts)
    phases.push(
      results.flatMap((result) => {
        const close = result.status === 'fulfilled' ? closeOf(result.value) : undefined
        return close ? [close] : []
      }),
    )
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) {
      await closeAll()
      throw failed.reason
    }
    return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T
  }

  const [dapp, second, mail, devChains, database, relay, farcasterRelay, oidc] = await startAll<
    [
      StaticSite,
      StaticSite | undefined,
      MailCatcher,
      DevChains,
      Database | undefined,
      Relay,
      FarcasterRelay,
      Oidc,
    ]
  >(
    [
      dappSite('dapp', '127.0.0.1', options.dappPort ?? 0),
      options.secondSite
        ? dappSite('dapp2', SECOND_DAPP_HOST, options.secondDappPort ?? 0)
        : Promise.resolve(undefined),
      startMailCatcher({
        smtpPort: options.smtpPort ?? 0,
        httpPort: options.mailboxPort ?? 0,
        ...(logFile ? { logger: fileLogger(logFile, 'mail') } : {}),
      }),
      startChains({
        ...(options.anvilPorts ? { ports: options.anvilPorts } : {}),
        ...(logFile ? { logger: fileLogger(logFile, 'chain') } : {}),
      }),
      options.dataDir === undefined
        ? Promise.resolve(undefined)
        : createDatabase({ dataDir: options.dataDir }),
      startRelay({
        port: options.relayPort ?? 0,
        ...(logFile ? { logger: fileLogger(logFile, 'relay') } : {}),
      }),
      startFarcasterRelay({
        port: options.farcasterRelayPort ?? 0,
        ...(logFile ? { logger: fileLogger(logFile, 'farcaster-relay') } : {}),
      }),
      startOidc({
        port: options.oidcPort ?? 0,
        ...(logFile ? { logger: fileLogger(logFile, 'oidc') } : {}),
      }),
    ],
    (service) => (service && 'close' in service ? () => service.close() : undefined),
  )
  chains = devChains.chains
  relayUrl = relay.url
  const [addable] = await startAll<[Anvil | undefined]>(
    [
      options.addableChain
        ? startAnvil({
            chainId: options.addableChain.chainId ?? 1338,
            port: options.addableChain.port ?? 0,
            ...(logFile ? { logger: fileLogger(logFile, 'chain') } : {}),
          })
        : Promise.resolve(undefined),
    ],
    (anvil) => (anvil ? () => anvil.close() : undefined),
  )
  const dappOrigins = [dapp.origin, ...(second ? [second.origin] : []), ...(options.extraOrigins ?? [])]
  const chainApiChains = chains.map(chainFromDevChain)
  const [frame, faucet, chainApi] = await startAll<[FrameServer, Faucet, ChainApi]>(
    [
      startFrameServer({
        // A database that survives restarts needs secrets that do too: the dev ones kept in frame-app/.data.
        ...(database ? { database, secrets: loadServerConfig({ NODE_ENV: 'development' }).secrets } : {}),
        smtpUrl: mail.smtpUrl,
        projects: [
          {
            id: projectId,
            allowedOrigins: dappOrigins,
            loginMethods: ['email', 'social', 'farcaster'],
            // Every social provider, played by the local stand-in (its issuer replaces the production endpoints).
            socials: Object.fromEntries(
              SOCIAL_PROVIDERS.map((p) => [p, { ...oidc.clients[p], issuer: oidc.issuers[p] }]),
            ),
            ...(options.recoveryMode ? { recoveryMode: options.recoveryMode } : {}),
          },
        ],
        chains: chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({
          id: chainId,
          name,
          rpcUrl,
          nativeCurrency,
        })),
        // Every origin of the dev project is a local page: the social login may come back by redirect.
        socialRedirectFallback: options.socialRedirectFallback ?? true,
        // Sign In With Farcaster against the local relay and the IdRegistry placed on the first dev chain.
        farcaster: {
          relayUrl: farcasterRelay.url,
          rpcUrl: chains[0]!.rpcUrl,
          idRegistry: ID_REGISTRY_ADDRESS,
        },
        ...(options.approvalTimeoutMs === undefined ? {} : { approvalTimeoutMs: options.approvalTimeoutMs }),
        ...(addable && options.addableChain?.allowed !== false
          ? { addableChains: [{ rpcOrigin: new URL(addable.rpcUrl).origin, chainIds: [addable.chainId] }] }
          : {}),
        webRoot: frameWebDist,
        port: options.framePort ?? 0,
        hostname: '127.0.0.1',
        frameAncestors: options.frameAncestors ?? 'enforce',
        accessLog: true,
        ...(logFile ? { logger: fileLogger(logFile, 'frame') } : {}),
        limits: { ...LOCAL_CLIENT_LIMITS, ...options.limits },
        ...(options.accountGuards ? { accountGuards: options.accountGuards } : {}),
      }),
      startFaucet({
        chains,
        allowedOrigins: dappOrigins,
        port: options.faucetPort ?? 0,
        ...(logFile ? { logger: fileLogger(logFile, 'faucet') } : {}),
      }),
      startChainApi({
        config: createConfig({
          chains: chainApiChains,
          // A dApp in development makes bursts of RPC calls (polling, multicalls): a generous limit.
          projects: [
            { id: projectId, allowedOrigins: dappOrigins, rpcRateLimit: { max: 1000, windowMs: 1000 } },
          ],
          prices: devPrices(chainApiChains),
          // The dev chains' airdropped "Claim Rewards Pass": hidden in NFTs and Activity as spam.
          spamContracts: chains.map((chain) => `eip155:${chain.chainId}:${chain.spamNft.toLowerCase()}`),
          onrampSandbox: { privateKey: DEV_ONRAMP_SANDBOX_KEY },
        }),
        port: options.chainApiPort ?? 0,
        hostname: '127.0.0.1',
        selfPublicUrl: true,
        logger: logFile
          ? fileLogger(logFile, 'chain-api')
          : createChainApiLogger({ level: 'warn', base: { source: 'chain-api' } }),
      }),
    ],
    (service) => () => service.close(),
  )
  faucetUrl = faucet.url
  chainApiUrl = chainApi.url
  // The on-ramp sandbox pays purchases from its own account (#9), which anvil gives ETH only: tokens too.
  await fund(chains, privateKeyToAccount(DEV_ONRAMP_SANDBOX_KEY).address)
  const framePort = new URL(frame.url).port
  const frameOrigin = `http://localhost:${framePort}`
  frameUrl = `${frameOrigin}/frame`
  oidc.allowRedirectUri(`${frameOrigin}${SOCIAL_CALLBACK_PATH}`)
  return {
    dappUrl: dapp.url,
    dappOrigin: dapp.origin,
    frameUrl,
    frameOrigin,
    projectId,
    secondDappUrl: second?.url,
    secondDappOrigin: second?.origin,
    mail,
    chains,
    faucetUrl,
    chainApiUrl: chainApi.url,
    relayUrl,
    farcasterRelayUrl: farcasterRelay.url,
    farcasterFids: DEV_FARCASTER_FIDS,
    oidc: { url: oidc.url, issuers: oidc.issuers, clients: oidc.clients },
    addableChain: addable && { chainId: addable.chainId, rpcUrl: addable.rpcUrl },
    fund: (address) => fund(chains, address),
    close: closeAll,
  }
}
