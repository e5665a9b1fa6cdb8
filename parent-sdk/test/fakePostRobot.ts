/**
 * A stand-in for post-robot in unit tests (under jsdom its real messages never arrive). It records what is
 * sent and lets a test play the frame: answer a send, or emit an event to the listeners post-robot would
 * call (same name, same domain). Use with
 * `vi.mock('post-robot', () => import('../../test/fakePostRobot.ts').then((m) => m.postRobotModule))`.
 */
import { vi } from 'vitest'

type Handler = (event: { source: unknown; origin: string; data: unknown }) => unknown
type Listener = {
  name: string
  options: { window: unknown; domain: string }
  handler: Handler
  cancelled: boolean
}
export type Sent = {
  win: unknown
  name: string
  data: { v: number; id: string; params: unknown }
  options: { domain: string; timeout: number }
  resolve(response: { source: unknown; origin: string; data: unknown }): void
  reject(error: unknown): void
}

const listeners: Listener[] = []
const sent: Sent[] = []

const api = {
  on: vi.fn((name: string, options: Listener['options'], handler: Handler) => {
    const listener: Listener = { name, options, handler, cancelled: false }
    listeners.push(listener)
    return {
      cancel: () => {
        listener.cancelled = true
      },
    }
  }),
  send: vi.fn(
    (win: unknown, name: string, data: Sent['data'], options: Sent['options']) =>
      new Promise<{ source: unknown; origin: string; data: unknown }>((resolve, reject) => {
        sent.push({ win, name, data, options, resolve, reject })
      }),
  ),
  setup: vi.fn(),
  destroy: vi.fn(),
}

export const fakePostRobot = {
  api,
  listeners,
  sent,
  /** Listeners not cancelled. */
  active: () => listeners.filter((l) => !l.cancelled),
  /** Delivers an event the way post-robot would: to listeners of that name whose domain matches. */
  emit(name: string, data: unknown, from: { source: unknown; origin: string }) {
    for (const l of listeners) {
      if (!l.cancelled && l.name === name && l.options.domain === from.origin) l.handler({ ...from, data })
    }
  },
  reset() {
    listeners.length = 0
    sent.length = 0
    for (const fn of Object.values(api)) fn.mockClear()
  },
}

export const postRobotModule = { default: api, ...api }
