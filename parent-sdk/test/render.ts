/** A minimal React renderer for hook tests in jsdom (no testing library). */
import { act, createElement, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

/** Renders `ui` into a fresh container; returns it and an unmount. */
export async function render(ui: ReactNode) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(ui))
  return {
    container,
    rerender: (next: ReactNode) => act(async () => root.render(next)),
    unmount: () =>
      act(async () => {
        root.unmount()
        container.remove()
      }),
  }
}

type HookResult<T> = { current: T | undefined; error: unknown }

function Probe<T>({ hook, result }: { hook: () => T; result: HookResult<T> }) {
  try {
    result.current = hook()
  } catch (error) {
    result.error = error
  }
  return null
}

/** Renders a hook in a component and hands back its latest value (or what it threw). */
export async function renderHook<T>(hook: () => T, wrap: (children: ReactNode) => ReactNode = (c) => c) {
  const result: HookResult<T> = { current: undefined, error: undefined }
  const rendered = await render(wrap(createElement(Probe<T>, { hook, result })))
  return { result, ...rendered }
}

export { act }
