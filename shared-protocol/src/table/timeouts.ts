import { APPROVAL_TIMEOUT_MS, FRAME_CONNECT_TIMEOUT_MS } from '../constants.ts'

/** Requests answered by the frame itself, without a round trip to a server or a person. */
export const LOCAL_TIMEOUT_MS = 10_000
/** Requests that go to the frame's server or the chain. */
export const NETWORK_TIMEOUT_MS = 30_000
/** Spec §8: connect e-mail, device, one-time code, social and social redirect time out after 30 s. */
export const CONNECT_TIMEOUT_MS = FRAME_CONNECT_TIMEOUT_MS
/** A person has APPROVAL_TIMEOUT_MS to decide in the frame; the parent waits a little longer for the 4001. */
export const APPROVAL_REQUEST_TIMEOUT_MS = APPROVAL_TIMEOUT_MS + 15_000
/** Waiting for a Farcaster client to sign in: as long as an approval. */
export const FARCASTER_TIMEOUT_MS = APPROVAL_TIMEOUT_MS
