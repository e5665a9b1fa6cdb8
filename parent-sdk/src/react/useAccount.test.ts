// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { afterEach, expect, test } from 'vitest'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { ok, startFrame, USER } from '../../test/frameFlow.ts'
import { act, renderHook } from '../../test/render.ts'
import { disconnect } from '../core/connection.ts'
import { createKeyframe } from '../core/createKeyframe.ts'
import { connectOtp } from '../core/emailActions.ts'
import { KeyframeProvider } from './KeyframeProvider.ts'
import { useAccount } from './useAccount.ts'

afterEach(() => {
  localStorage.clear()
  document.body.innerHTML = ''
})

test('default: follows the account; other state changes do not re-render', async () => {
  const frames = installFakeFrames()
  const kf = createKeyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] })
  const wrap = (children: ReactNode) => createElement(KeyframeProvider, { keyframe: kf }, children)
  let renders = 0
  const { result, unmount } = await renderHook(() => {
    renders++
    return useAccount()
  }, wrap)
  expect(result.current).toMatchObject({ status: 'disconnected', address: undefined, email: undefined })

  await act(async () => {
    await startFrame(kf, frames, {
      CONNECT_OTP: () => ok(null),
      GET_USER: () => ok(USER),
      SIGN_OUT: () => ok(null),
    })
  })
  const before = renders
  await act(async () => kf.setThemeMode('light'))
  expect(renders).toBe(before)

  await act(() => connectOtp(kf))
  expect(result.current).toMatchObject({
    status: 'connected',
    isConnected: true,
    address: USER.address,
    email: USER.email,
    chainId: 'eip155:31337',
  })
  await act(() => disconnect(kf))
  expect(result.current).toMatchObject({ status: 'disconnected', email: undefined })
  await unmount()
  kf.destroy()
  frames.restore()
})
