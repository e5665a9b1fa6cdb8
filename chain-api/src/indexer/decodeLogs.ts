/**
 * ERC20 / ERC721 `Transfer` and `Approval` logs of a block, decoded without an ABI: the two standards
 * share the event signatures and differ only in how many topics are indexed (ERC721 indexes the token id, a
 * fourth topic; ERC20 puts the amount in the data).
 * @module
 */
import type { TokenStandard } from './db/schema.ts'

/** keccak256('Transfer(address,address,uint256)') */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256('Approval(address,address,uint256)') */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

export type RawLog = {
  address: string
  topics: readonly string[]
  data: string
  logIndex: number
  transactionHash: string
}

export type TokenTransfer = {
  txHash: string
  logIndex: number
  kind: TokenStandard
  contract: string
  from: string
  to: string
  /** Base units (ERC20) or the token id (ERC721), as a decimal string. */
  amount: string
}

export type TokenApproval = {
  txHash: string
  logIndex: number
  contract: string
  owner: string
  spender: string
  /** Base units (ERC20) or the approved token's id (ERC721), as a decimal string. */
  amount: string
}

export type DecodedLogs = {
  transfers: TokenTransfer[]
  approvals: TokenApproval[]
  /** Each token contract seen, with the standard its logs show (the first log wins). */
  tokens: Map<string, TokenStandard>
}

const WORD = /^0x[0-9a-fA-F]{64}$/

/** The address in an indexed topic (its last 20 bytes), lowercase; undefined for a malformed topic. */
function topicAddress(topic: string | undefined): string | undefined {
  if (!topic || !WORD.test(topic) || !/^0x0{24}/.test(topic)) return undefined
  return `0x${topic.slice(26).toLowerCase()}`
}

/** A 32-byte word as a decimal string; undefined unless `word` is exactly one word. */
function uint(word: string | undefined): string | undefined {
  if (!word || !WORD.test(word)) return undefined
  return BigInt(word).toString()
}

/**
 * Decodes the logs of one block. Logs that only look like these events (a non-standard layout, a
 * malformed address topic) are skipped rather than guessed at.
 */
export function decodeLogs(logs: readonly RawLog[]): DecodedLogs {
  const transfers: TokenTransfer[] = []
  const approvals: TokenApproval[] = []
  const tokens = new Map<string, TokenStandard>()
  for (const log of logs) {
    const [topic0, topic1, topic2, topic3] = log.topics
    const contract = log.address.toLowerCase()
    const txHash = log.transactionHash.toLowerCase()
    const from = topicAddress(topic1)
    const to = topicAddress(topic2)
    if (!from || !to) continue
    if (topic0 === TRANSFER_TOPIC) {
      const kind: TokenStandard | undefined =
        log.topics.length === 4 ? 'erc721' : log.topics.length === 3 ? 'erc20' : undefined
      const amount = kind === 'erc721' ? uint(topic3) : kind === 'erc20' ? uint(log.data) : undefined
      if (!kind || amount === undefined) continue
      transfers.push({ txHash, logIndex: log.logIndex, kind, contract, from, to, amount })
      if (!tokens.has(contract)) tokens.set(contract, kind)
    } else if (topic0 === APPROVAL_TOPIC) {
      const kind: TokenStandard | undefined =
        log.topics.length === 4 ? 'erc721' : log.topics.length === 3 ? 'erc20' : undefined
      const amount = kind === 'erc721' ? uint(topic3) : kind === 'erc20' ? uint(log.data) : undefined
      if (!kind || amount === undefined) continue
      approvals.push({ txHash, logIndex: log.logIndex, contract, owner: from, spender: to, amount })
      if (!tokens.has(contract)) tokens.set(contract, kind)
    }
  }
  return { transfers, approvals, tokens }
}
