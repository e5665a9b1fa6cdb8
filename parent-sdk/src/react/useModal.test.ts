// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { expect, test } from 'vitest'
import { act, renderHook } from '../../test/render.ts'
import { createKeyframe } from '../core/createKeyframe.ts'
import { KeyframeProvider } from './KeyframeProvider.ts'
import { useModal } from './useModal.ts'

const kf = createKeyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] })
const wrap = (children: ReactNode) => createElement(KeyframeProvider, { keyframe: kf }, children)

test('default: isOpen and view follow the modal; open and close drive it', async () => {
  let renders = 0
  const { result, unmount } = await renderHook(() => {
    renders++
    return useModal()
  }, wrap)
  expect(result.current).toMatchObject({ isOpen: false, view: 'Connect' })
  await act(() => result.current!.open({ view: 'AllWallets' }))
  expect(result.current).toMatchObject({ isOpen: true, view: 'AllWallets' })
  const before = renders
  await act(async () => kf.setThemeMode('light'))
  expect(renders).toBe(before)
  await act(async () => result.current!.close())
  expect(result.current!.isOpen).toBe(false)
  await unmount()
  await act(async () => kf.destroy())
})
