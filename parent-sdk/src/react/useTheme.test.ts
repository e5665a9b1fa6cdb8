// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { expect, test } from 'vitest'
import { act, renderHook } from '../../test/render.ts'
import { createKeyframe } from '../core/createKeyframe.ts'
import { KeyframeProvider } from './KeyframeProvider.ts'
import { useTheme } from './useTheme.ts'

test('default: dark; setThemeMode re-renders with the new mode', async () => {
  const kf = createKeyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] })
  const wrap = (children: ReactNode) => createElement(KeyframeProvider, { keyframe: kf }, children)
  const { result, unmount } = await renderHook(() => useTheme(), wrap)
  expect(result.current?.themeMode).toBe('dark')
  await act(async () => result.current!.setThemeMode('light'))
  expect(result.current?.themeMode).toBe('light')
  await unmount()
})
