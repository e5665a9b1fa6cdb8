/**
 * How a WalletConnect session proposal ended when it did not end in a session: the wallet's refusal and the
 * proposal running out each have a status of their own in the ConnectingWalletConnect view (retry).
 * @module
 */

/** WalletConnect's reasons a wallet rejects a proposal with (its `getSdkError` table), and EIP-1193's 4001. */
const REJECTION_CODES = new Set([4001, 5000, 5001, 5002])

/** What sign-client's `approval()` rejects with when the proposal's ttl passed. */
const PROPOSAL_EXPIRED = 'Proposal expired'

/** `declined`: the person refused in the wallet; `expired`: nobody answered in time; `failed`: any other error. */
export type ProposalOutcome = 'declined' | 'expired' | 'failed'

export function proposalOutcome(error: unknown): ProposalOutcome {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'number' && REJECTION_CODES.has(code)) return 'declined'
  if (message === PROPOSAL_EXPIRED) return 'expired'
  return 'failed'
}

/** The message of a wallet's or the relay's error, which may be a plain `{ code, message }` object. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message !== '' ? message : 'An error occurred'
}
