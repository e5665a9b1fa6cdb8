/**
 * The part of post-robot 10.0.46 (CJS, untyped) that the parent SDK uses. Always pass a `window` and a STRING
 * `domain`: `send()` does not enforce an array or RegExp domain, and `'*'` is never allowed (SECURITY.md §3).
 */
declare module 'post-robot' {
  export type CrossDomainWindow = Window

  export type Cancelable = { cancel(): void }

  export type HandlerEvent<D = unknown> = { source: CrossDomainWindow; origin: string; data: D }

  export type ServerOptions = {
    /** Only messages from this window reach the handler. */
    window: CrossDomainWindow
    /** Only messages from this exact origin reach the handler. */
    domain: string
    errorHandler?: (error: unknown) => void
  }

  export type SendOptions = {
    /** The exact target origin (never '*'). */
    domain: string
    /** Milliseconds to wait for the reply. */
    timeout: number
  }

  export type Response<R = unknown> = { source: CrossDomainWindow; origin: string; data: R }

  export function on<D = unknown>(
    name: string,
    options: ServerOptions,
    handler: (event: HandlerEvent<D>) => unknown,
  ): Cancelable

  export function send<R = unknown>(
    win: CrossDomainWindow,
    name: string,
    data: unknown,
    options: SendOptions,
  ): PromiseLike<Response<R>>

  /** Installs post-robot's window `message` listener (import does it once; idempotent). */
  export function setup(): void
  /** Removes post-robot's window `message` listener, cancels its response listeners and deletes its global. */
  export function destroy(): void

  const postRobot: {
    on: typeof on
    send: typeof send
    setup: typeof setup
    destroy: typeof destroy
  }
  export default postRobot
}
