/**
 * Errors a developer meets while wiring Keyframe into a page (not errors of the frame protocol, which are
 * the ProtocolError family of `@keyframe/protocol`).
 * @module
 */

/** An option of `createKeyframe()` is missing or invalid. The message names the option and the fix. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  /** The option at fault. */
  readonly option: string
  constructor(option: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.option = option
  }
}

/**
 * Throws a {@link ConfigError} naming `option` unless `ok` (the options' checks run before `open()`, so
 * they are plain conditions rather than a schema). @internal
 */
export function checkOption(ok: unknown, option: string, expected: string): asserts ok {
  if (!ok) throw new ConfigError(option, `Keyframe: \`${option}\` must be ${expected}.`)
}

/** A browser-only method ran where there is no `window`/`document` (server rendering, a worker). */
export class BrowserOnlyError extends Error {
  override name = 'BrowserOnlyError'
  constructor(method: string) {
    super(
      `Keyframe: \`${method}\` needs a browser (window and document), but it ran without one, e.g. during server rendering. Call it from an event handler or an effect.`,
    )
  }
}

/** A method ran on an instance after `destroy()`. */
export class DestroyedError extends Error {
  override name = 'DestroyedError'
  constructor(method: string) {
    super(
      `Keyframe: \`${method}\` was called after \`destroy()\`. Create a new instance with \`createKeyframe()\`.`,
    )
  }
}

/**
 * `disconnect()` could not sign out of the frame (SPEC §8 'Failed to disconnect'). The page is disconnected
 * and the login cache wiped all the same; `cause` holds the frame's answer.
 */
export class DisconnectError extends Error {
  override name = 'DisconnectError'
  constructor(options?: { cause?: unknown }) {
    super('Failed to disconnect', options)
  }
}
