/**
 * What a sign-in option loads on first use, in one chunk: the session store (on connect) and the message writer
 * (on Sign). Both are needed by the first sign-in; one chunk of the two is ~200 B gzip less than a chunk each.
 * @module
 */
export { createSiwxMessage, eip155Reference } from './message.ts'
export { createSessionStore, isLive, isSessionOf } from './store.ts'
