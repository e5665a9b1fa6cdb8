// @vitest-environment jsdom
import { expect, test } from 'vitest'
import { createIframe } from './createIframe.ts'

test('default: hidden, titled, sandboxed, referrer = origin only, no src', () => {
  const iframe = createIframe()
  expect(iframe.outerHTML).toMatchInlineSnapshot(
    `"<iframe title="Keyframe wallet" sandbox="allow-scripts allow-same-origin allow-popups allow-forms" allow="clipboard-write" referrerpolicy="origin" style="display: none; position: fixed; color-scheme: normal; border: 0px;"></iframe>"`,
  )
  expect(iframe.isConnected).toBe(false)
})
