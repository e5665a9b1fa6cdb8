// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { act, render, renderHook } from '../../test/render.ts'
import { createKeyframe, type Keyframe } from '../core/createKeyframe.ts'
import { switchNetwork } from '../core/network.ts'
import { KeyframeProvider } from './KeyframeProvider.ts'
import { NetworkButton } from './NetworkButton.ts'
import { useNetwork } from './useNetwork.ts'

const instances: Keyframe[] = []

function create() {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [
      { id: 31337, name: 'Keyframe Local' },
      { id: 31338, name: 'Keyframe Local 2' },
    ],
    announceProvider: false,
  })
  instances.push(kf)
  return kf
}

afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  document.body.innerHTML = ''
})

test('useNetwork: follows the active network; other state changes do not re-render', async () => {
  const kf = create()
  const wrap = (children: ReactNode) => createElement(KeyframeProvider, { keyframe: kf }, children)
  let renders = 0
  const { result, unmount } = await renderHook(() => {
    renders++
    return useNetwork()
  }, wrap)
  expect(result.current).toMatchObject({ name: 'Keyframe Local', isSupported: true })
  const before = renders
  await act(async () => kf.setThemeMode('light'))
  expect(renders).toBe(before)
  await act(() => switchNetwork(kf, 31338))
  expect(result.current).toMatchObject({ name: 'Keyframe Local 2', caipNetworkId: 'eip155:31338' })
  await unmount()
})

test('NetworkButton: names the active network and opens Networks', async () => {
  const kf = create()
  const { container, unmount } = await render(
    createElement(KeyframeProvider, { keyframe: kf }, createElement(NetworkButton, { className: 'network' })),
  )
  const button = container.querySelector('button')!
  expect(button.className).toBe('network')
  expect(button.textContent).toBe('Keyframe Local')
  await act(async () => button.click())
  await vi.waitFor(() => expect(kf.getState()).toMatchObject({ open: true, view: 'Networks' }), {
    timeout: 5000,
  })
  await act(() => switchNetwork(kf, 31338))
  expect(button.textContent).toBe('Keyframe Local 2')
  await unmount()
})
