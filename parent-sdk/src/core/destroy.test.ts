// @vitest-environment jsdom
// With the real frame client and its real wire endpoint (no frame ever answers under jsdom, but the listener
// it adds to the page's window is real).
import { expect, test, vi } from 'vitest'
import { createKeyframe } from './createKeyframe.ts'

type Call = { target: string; type: string; listener: unknown; capture: boolean }

function spyListeners() {
  const added: Call[] = []
  const removed: Call[] = []
  const capture = (options: unknown) =>
    typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture)
  for (const [name, target] of [
    ['window', window],
    ['document', document],
  ] as const) {
    const add = target.addEventListener.bind(target)
    const remove = target.removeEventListener.bind(target)
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      added.push({ target: name, type, listener, capture: capture(options) })
      add(type, listener, options)
    })
    vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
      removed.push({ target: name, type, listener, capture: capture(options) })
      remove(type, listener, options)
    })
  }
  const same = (a: Call, b: Call) =>
    a.target === b.target && a.type === b.type && a.listener === b.listener && a.capture === b.capture
  return {
    added,
    /** Listeners added and not removed since the spy went in. */
    left: () => added.filter((a) => !removed.some((r) => same(a, r))),
  }
}

test('behavior: destroy() leaves no listener behind on window or document', async () => {
  const listeners = spyListeners()
  const opener = document.createElement('button')
  document.body.append(opener)
  opener.focus()

  const kf = createKeyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] })
  kf.subscribe(() => {})
  await kf.open()
  kf._internal.navigate('AllWallets')
  kf._internal.toasts.show('loading', 'Waiting')
  kf.setThemeMode('light')
  const frame = await kf.frame()
  const loading = frame.ensure().catch((e: unknown) => e)
  const request = frame.request('IS_CONNECTED', {}).catch((e: unknown) => e)
  expect(document.querySelector('iframe')).not.toBeNull()
  // The frame client's one `message` listener (the wire endpoint) is among them, so the check below means
  // something.
  expect(listeners.added.filter((a) => a.target === 'window' && a.type === 'message')).toHaveLength(1)

  kf.destroy()
  expect(await loading).toMatchObject({ name: 'RequestAbortedError' })
  expect(await request).toMatchObject({ name: 'RequestAbortedError' })
  await new Promise((resolve) => setTimeout(resolve, 0))

  // React adds one `selectionchange` listener per document, the first time any React root is created there;
  // it is shared by every root on the page (the dApp's own included) and React never removes it.
  const left = listeners.left().filter((l) => !(l.target === 'document' && l.type === 'selectionchange'))
  expect(left).toEqual([])
  expect(document.querySelector('iframe')).toBeNull()
  expect(document.querySelector('[data-keyframe-modal]')).toBeNull()
  expect(document.activeElement).toBe(opener)
  vi.restoreAllMocks()
})
