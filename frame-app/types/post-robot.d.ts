/**
 * The part of post-robot 10.0.46 (CJS, untyped) that the frame uses. Pass a `window` and a STRING `domain`
 * everywhere: `send()` does not enforce an array or RegExp domain (SECURITY.md §3).
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
    fireAndForget?: boolean
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

  export function destroy(): void

  const postRobot: {
    on: typeof on
    send: typeof send
    destroy: typeof destroy
  }
  export default postRobot
}
