// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { expect, test } from 'vitest'
import { renderHook } from '../../test/render.ts'
import { createKeyframe } from '../core/createKeyframe.ts'
import { KeyframeProvider } from './KeyframeProvider.ts'
import { useKeyframe } from './useKeyframe.ts'

const kf = createKeyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] })
const wrap = (children: ReactNode) => createElement(KeyframeProvider, { keyframe: kf }, children)

test('default: the instance of the nearest KeyframeProvider', async () => {
  const { result, unmount } = await renderHook(() => useKeyframe(), wrap)
  expect(result.current).toBe(kf)
  await unmount()
})

test('parameters: keyframe, without a provider', async () => {
  const { result, unmount } = await renderHook(() => useKeyframe({ keyframe: kf }))
  expect(result.current).toBe(kf)
  await unmount()
})

test('error: outside KeyframeProvider', async () => {
  const { result, unmount } = await renderHook(() => useKeyframe())
  expect(result.error).toMatchInlineSnapshot(
    `[KeyframeProviderNotFoundError: \`useKeyframe\` must be used within \`KeyframeProvider\`.]`,
  )
  await unmount()
})
