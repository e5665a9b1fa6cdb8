/**
 * A test-only fault injector: `KEYFRAME_CRASH_AT=<point>` kills the process with SIGKILL when the server
 * reaches that point, inside a database transaction. The transaction test uses it to prove that a crash
 * mid-login or mid-registration leaves no partial rows. Ignored when NODE_ENV=production.
 * @module
 */

/** Where the server can be killed: each sits inside a transaction, after some rows were written. */
export type CrashPoint =
  | 'login.user-created'
  | 'login.session-created'
  | 'device.session-created'
  | 'wallet.wallet-created'
  | 'wallet.shares-stored'

export type CrashHook = (point: CrashPoint) => void

/** The hook `KEYFRAME_CRASH_AT` configures (a no-op unless set, and always in production). */
export function crashHookFromEnv(env: NodeJS.ProcessEnv = process.env): CrashHook {
  const at = env.KEYFRAME_CRASH_AT
  if (!at || env.NODE_ENV === 'production') return () => {}
  return (point) => {
    if (point === at) process.kill(process.pid, 'SIGKILL')
  }
}
