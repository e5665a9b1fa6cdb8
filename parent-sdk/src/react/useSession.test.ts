// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react'
import { verifyMessage } from 'viem'
import { afterEach, expect, test, vi } from 'vitest'
import { WALLET_ADDRESS } from '../../test/anvilWallet.ts'
import { act, renderHook } from '../../test/render.ts'
import { SIGNING_WALLET_ID, signingWallet } from '../../test/signingWallet.ts'
import { disconnect } from '../core/connection.ts'
import { createKeyframe } from '../core/createKeyframe.ts'
import { getInjectedWallets } from '../core/injected.ts'
import { connectInjected } from '../core/injectedConnect.ts'
import { signIn } from '../core/siwxOnDemand.ts'
import { createSiwx } from '../siwx/createSiwx.ts'
import { KeyframeProvider } from './KeyframeProvider.ts'
import { useSession } from './useSession.ts'

afterEach(() => {
  localStorage.clear()
  document.body.innerHTML = ''
})

test('default: undefined until the wallet signs in, the session then, undefined again after disconnect; other changes do not re-render', async () => {
  const { stop } = signingWallet()
  let nonce = 0
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Anvil' }],
    announceProvider: false,
    siwx: createSiwx({ getNonce: async () => `n0nce${++nonce}abcdefgh`, storage: null }),
  })
  const wrap = (children: ReactNode) => createElement(KeyframeProvider, { keyframe: kf }, children)
  let renders = 0
  const { result, unmount } = await renderHook(() => {
    renders++
    return useSession()
  }, wrap)
  expect(result.current).toBeUndefined()

  await act(async () => {
    await vi.waitFor(() => expect(getInjectedWallets(kf).map((w) => w.id)).toContain(SIGNING_WALLET_ID))
    await connectInjected(kf, SIGNING_WALLET_ID)
  })
  // Connected, not signed in: the modal asks, the hook still says no session.
  await vi.waitFor(() => expect(kf.getState().view).toBe('SIWXSignMessage'))
  expect(result.current).toBeUndefined()

  let signed: Awaited<ReturnType<typeof signIn>> | undefined
  await act(async () => {
    signed = await signIn(kf)
  })
  expect(result.current).toBe(signed)
  expect(result.current?.data).toMatchObject({ accountAddress: WALLET_ADDRESS, chainId: 'eip155:31337' })
  expect(
    await verifyMessage({
      address: WALLET_ADDRESS,
      message: result.current!.message,
      signature: result.current!.signature,
    }),
  ).toBe(true)

  const before = renders
  await act(async () => kf.setThemeMode('light'))
  expect(renders).toBe(before)

  await act(() => disconnect(kf))
  expect(result.current).toBeUndefined()
  await unmount()
  kf.destroy()
  stop()
})
