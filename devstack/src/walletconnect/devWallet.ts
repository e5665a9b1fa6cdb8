/**
 * A WalletConnect wallet for tests and benchmarks: `@reown/walletkit` in Node over a relay (the devstack's
 * own), holding a viem account whose transactions go to the stack's anvil chains. It pairs from a `wc:` URI
 * (read from a QR or a deep link), approves the proposal with eip155 namespaces built from it, answers
 * `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction` (sent on anvil), `wallet_switchEthereumChain`
 * and forwards reads to the chain's node; it can switch chain and disconnect on its own, as a person would in
 * the wallet app. Its storage is in memory: nothing lands in the repository, and each wallet starts empty.
 * @module
 */

import type { DevChain } from '@keyframe/dev-fixtures'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { createWalletClient, type Hex, hexToBigInt, http, isHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** The WalletConnect SDK's reasons (its `getSdkError` table), written out to keep `@walletconnect/utils` out. */
const USER_REJECTED = { code: 5000, message: 'User rejected.' }
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }
const UNSUPPORTED_CHAINS = { code: 5100, message: 'Unsupported chains.' }
/** EIP-1193 / EIP-3326 codes the wallet answers requests with. */
const UNRECOGNIZED_CHAIN = 4902
const INTERNAL_ERROR = -32603

/** The events a dApp listens to on an eip155 session (SPEC §4). */
const EIP155_EVENTS = ['chainChanged', 'accountsChanged']

export type WalletConnectDevWalletOptions = {
  /** The relay both sides use (`stack.relayUrl`). */
  relayUrl: string
  /** The chains the wallet holds an account on, as the stack describes them (`stack.chains`). */
  chains: readonly Pick<DevChain, 'chainId' | 'name' | 'rpcUrl' | 'nativeCurrency'>[]
  /** The account's key; default a fresh one (fund it: `stack.fund(wallet.address)`). */
  privateKey?: Hex
  /** The wallet's name as the dApp sees it (its metadata); also makes its storage prefix. */
  name?: string
}

/** A proposal the wallet received: the person approves or rejects it. */
export type WalletConnectProposal = {
  id: number
  /** The proposing dApp's metadata name. */
  dappName: string
  /** The eip155 chains the dApp asked for (`eip155:31337`, …), required and optional. */
  chains: string[]
  /** Approves with the wallet's account on every requested chain it has; resolves with the session topic. */
  approve(): Promise<string>
  reject(): Promise<void>
}

/** One request the dApp sent over a session, as the wallet received it. */
export type WalletConnectDevRequest = { method: string; params: unknown; chainId: string }

export type WalletConnectDevWallet = {
  address: `0x${string}`
  /** The chain the wallet is on now (the first of `chains` until switched). */
  readonly chainId: number
  /** Every request a dApp sent over a session, in order. */
  readonly requests: readonly WalletConnectDevRequest[]
  /** Pairs from a `wc:` URI and waits for the dApp's proposal. */
  pair(uri: string): Promise<WalletConnectProposal>
  /** Pairs and approves: resolves with the session topic. */
  connect(uri: string): Promise<string>
  /** The topics of the sessions open now. */
  sessions(): string[]
  /** The person switches chain in the wallet: every session gets a session update and a `chainChanged`. */
  switchChain(chainId: number): Promise<void>
  /** The person disconnects in the wallet: every session is deleted (the dApp gets `session_delete`). */
  disconnect(): Promise<void>
  /** Disconnects and stops the wallet's relay connection. */
  close(): Promise<void>
}

let instances = 0

/** How long the wallet waits for the dApp's side of an exchange (its proposal, its acknowledgement of a session). */
const ANSWER_TIMEOUT_MS = 15_000

/** `promise`, or an error naming what did not come within {@link ANSWER_TIMEOUT_MS}. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The dev wallet waited ${ANSWER_TIMEOUT_MS} ms for ${what}`)),
      ANSWER_TIMEOUT_MS,
    )
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Starts a wallet on the relay. Each one keeps its state under a storage prefix of its own. */
export async function startWalletConnectDevWallet(
  options: WalletConnectDevWalletOptions,
): Promise<WalletConnectDevWallet> {
  const firstChain = options.chains[0]
  if (!firstChain) throw new Error('The dev wallet needs at least one chain')
  const account = privateKeyToAccount(options.privateKey ?? generatePrivateKey())
  const name = options.name ?? 'Keyframe Dev Wallet'
  let chain = firstChain
  const requests: WalletConnectDevRequest[] = []
  const chainOf = (caip2: string) => options.chains.find((c) => `eip155:${c.chainId}` === caip2)

  const core = new Core({
    projectId: 'keyframe-dev',
    relayUrl: options.relayUrl,
    logger: 'silent',
    telemetryEnabled: false,
    // Two clients in one process must not share keys and sessions (STACK.md §WalletConnect relay).
    customStoragePrefix: `keyframe-dev-wallet-${process.pid}-${++instances}`,
    storageOptions: { database: ':memory:' },
  })
  const kit = await WalletKit.init({
    core,
    metadata: { name, description: 'The devstack test wallet', url: 'https://keyframe.invalid', icons: [] },
  })

  const proposals = new Map<string, (proposal: WalletKitTypes.SessionProposal) => void>()
  const earlyProposals = new Map<string, WalletKitTypes.SessionProposal>()
  kit.on('session_proposal', (proposal) => {
    const topic = proposal.params.pairingTopic
    const waiting = proposals.get(topic)
    if (waiting) waiting(proposal)
    else earlyProposals.set(topic, proposal)
  })

  kit.on('session_request', (event) => {
    const { topic, id, params } = event
    requests.push({ method: params.request.method, params: params.request.params, chainId: params.chainId })
    void answer(params.request.method, params.request.params, params.chainId).then(
      (result) => kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } }),
      (error: unknown) =>
        kit.respondSessionRequest({
          topic,
          response: {
            id,
            jsonrpc: '2.0',
            error: {
              code:
                typeof (error as { code?: unknown }).code === 'number'
                  ? (error as { code: number }).code
                  : INTERNAL_ERROR,
              message: (error as Error).message,
            },
          },
        }),
    )
  })

  const walletClient = (on: typeof chain) =>
    createWalletClient({
      account,
      chain: {
        id: on.chainId,
        name: on.name,
        nativeCurrency: on.nativeCurrency,
        rpcUrls: { default: { http: [on.rpcUrl] } },
      },
      transport: http(on.rpcUrl),
    })

  async function answer(method: string, params: unknown, caip2: string): Promise<unknown> {
    const on = chainOf(caip2) ?? chain
    const list = Array.isArray(params) ? (params as unknown[]) : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return `0x${chain.chainId.toString(16)}`
      case 'personal_sign': {
        const message = list[0]
        if (typeof message !== 'string') throw Object.assign(new Error('Invalid params'), { code: -32602 })
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4':
        return account.signTypedData(JSON.parse(String(list[1])))
      case 'eth_sendTransaction': {
        const tx = list[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        return walletClient(on).sendTransaction({
          ...(tx.to ? { to: tx.to } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas ? { gas: hexToBigInt(tx.gas) } : {}),
          value: tx.value ? hexToBigInt(tx.value) : 0n,
        })
      }
      case 'wallet_switchEthereumChain': {
        const id = Number((list[0] as { chainId?: string } | undefined)?.chainId)
        const next = options.chains.find((c) => c.chainId === id)
        if (!next) throw Object.assign(new Error(`Unrecognized chain ID ${id}`), { code: UNRECOGNIZED_CHAIN })
        await moveTo(next)
        return null
      }
      default: {
        // Reads go to the chain's node as they are.
        const response = await fetch(on.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: list }),
        })
        const body = (await response.json()) as {
          result?: unknown
          error?: { code: number; message: string }
        }
        if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
        return body.result
      }
    }
  }

  /**
   * The dApp's answer to the wallet's `wc_sessionUpdate` on `topic`, listened for before the update is sent:
   * sign-client's `acknowledged()` drops an answer that arrives before it is first called, and on a loaded
   * machine the answer arrives before `updateSession` returns.
   */
  function updateAnswered(topic: string): Promise<void> {
    type Answered = { topic: string; request: { method: string }; response?: { error?: { message: string } } }
    return new Promise((resolve, reject) => {
      const onUpdated = (record: Answered) => {
        if (record.topic !== topic || record.request.method !== 'wc_sessionUpdate') return
        core.history.off('history_updated', onUpdated)
        if (record.response?.error) reject(new Error(record.response.error.message))
        else resolve()
      }
      core.history.on('history_updated', onUpdated)
    })
  }

  const activeTopics = () => Object.keys(kit.getActiveSessions())

  /** The current chain first in every session's accounts, then `chainChanged` on each. */
  async function moveTo(next: typeof chain) {
    chain = next
    const caip2 = `eip155:${next.chainId}`
    for (const [topic, session] of Object.entries(kit.getActiveSessions())) {
      const eip155 = session.namespaces.eip155
      if (!eip155) continue
      const accounts = [
        ...eip155.accounts.filter((a) => a.startsWith(`${caip2}:`)),
        ...eip155.accounts.filter((a) => !a.startsWith(`${caip2}:`)),
      ]
      const chains = eip155.chains?.includes(caip2) ? eip155.chains : [...(eip155.chains ?? []), caip2]
      if (!accounts.some((a) => a.startsWith(`${caip2}:`))) accounts.unshift(`${caip2}:${account.address}`)
      const answered = updateAnswered(topic)
      await kit.updateSession({
        topic,
        namespaces: { ...session.namespaces, eip155: { ...eip155, chains, accounts } },
      })
      await within(answered, "the dApp's acknowledgement of the session update")
      await kit.emitSessionEvent({
        topic,
        chainId: caip2,
        event: { name: 'chainChanged', data: next.chainId },
      })
    }
  }

  function proposalOf(proposal: WalletKitTypes.SessionProposal): WalletConnectProposal {
    const { id, params } = proposal
    const wanted = [params.requiredNamespaces, params.optionalNamespaces ?? {}].flatMap((namespaces) =>
      Object.entries(namespaces).filter(([key]) => key === 'eip155' || key.startsWith('eip155:')),
    )
    const chains = [
      ...new Set(wanted.flatMap(([key, ns]) => (key.includes(':') ? [key] : (ns.chains ?? [])))),
    ]
    const methods = [...new Set(wanted.flatMap(([, ns]) => ns.methods))]
    const events = [...new Set([...wanted.flatMap(([, ns]) => ns.events), ...EIP155_EVENTS])]
    const required = Object.entries(params.requiredNamespaces).flatMap(([key, ns]) =>
      key.includes(':') ? [key] : (ns.chains ?? []),
    )
    return {
      id,
      dappName: params.proposer.metadata.name,
      chains,
      async approve() {
        // A wallet can serve only the chains it holds: a required one it lacks ends the proposal.
        if (required.some((c) => !chainOf(c))) {
          await kit.rejectSession({ id, reason: UNSUPPORTED_CHAINS })
          throw new Error(`The dev wallet lacks a required chain: ${required.join(', ')}`)
        }
        const held = chains.filter((c) => chainOf(c))
        const ordered = [
          ...held.filter((c) => c === `eip155:${chain.chainId}`),
          ...held.filter((c) => c !== `eip155:${chain.chainId}`),
        ]
        // WalletKit resolves once the dApp acknowledged the settlement.
        const approving = kit.approveSession({
          id,
          namespaces: {
            eip155: {
              chains: ordered,
              accounts: ordered.map((c) => `${c}:${account.address}`),
              methods,
              events,
            },
          },
        })
        const session = await within(approving, "the dApp's acknowledgement of the session")
        return session.topic
      },
      async reject() {
        await kit.rejectSession({ id, reason: USER_REJECTED })
      },
    }
  }

  async function pair(uri: string): Promise<WalletConnectProposal> {
    const topic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
    if (!topic) throw new Error(`Not a WalletConnect pairing URI: ${uri}`)
    const proposal = new Promise<WalletKitTypes.SessionProposal>((resolve) => {
      const early = earlyProposals.get(topic)
      if (early) resolve(early)
      else proposals.set(topic, resolve)
    })
    await within(kit.pair({ uri }), 'the pairing')
    const received = await within(proposal, "the dApp's proposal")
    proposals.delete(topic)
    earlyProposals.delete(topic)
    return proposalOf(received)
  }

  async function disconnect() {
    for (const topic of activeTopics()) await kit.disconnectSession({ topic, reason: USER_DISCONNECTED })
  }

  return {
    address: account.address,
    get chainId() {
      return chain.chainId
    },
    requests,
    pair,
    connect: async (uri) => (await pair(uri)).approve(),
    sessions: activeTopics,
    async switchChain(chainId) {
      const next = options.chains.find((c) => c.chainId === chainId)
      if (!next) throw new Error(`The dev wallet has no chain ${chainId}`)
      await moveTo(next)
    },
    disconnect,
    async close() {
      await disconnect()
      await core.relayer.transportClose()
      core.heartbeat.stop()
    },
  }
}
