import type { CrashHook } from './crashPoint.ts'
import type { ServerSecrets } from './crypto/keys.ts'
import type { Db } from './db/createDatabase.ts'
import type { Limits } from './limits.ts'
import type { Logger } from './logger.ts'
import type { Mailer } from './mail/createMailer.ts'

/** What every route of the frame server works with; built once by `createFrameApp`. */
export type ServerContext = {
  db: Db
  secrets: ServerSecrets
  mailer: Mailer
  logger: Logger
  /** The clock (a fake one in tests). */
  now: () => Date
  /** `https://wallet.example.com`: links in mails, cookie vs bearer, the same-origin check. */
  publicUrl: string | undefined
  limits: Limits
  /** Proxies of the operator's own in front of the server (`TRUSTED_PROXY_HOPS`); see `clientAddress`. */
  trustedProxyHops: number
  crash: CrashHook
  /** `'off'` only in the test that shows what device proofs stop (`FrameAppOptions.deviceProof`). */
  deviceProof: 'enforce' | 'off'
  /** `'off'` only in the tests that show what the account-change guards stop (`FrameAppOptions.accountGuards`). */
  accountGuards: 'enforce' | 'off'
}
