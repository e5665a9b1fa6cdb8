/**
 * What the fixtures' servers and processes (anvil, faucet, mail catcher, static sites) log through: the
 * shape of the servers' logger, so the stack passes its redacting file logger (devstack's `fileLogger`)
 * without this package depending on an app.
 * @module
 */
export type StackLogger = {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
}
