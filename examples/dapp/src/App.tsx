import { disconnect } from '@keyframe/sdk'
import { useAccount, useKeyframe, useModal, useTheme } from '@keyframe/sdk/react'
import { lazy, Suspense, useState } from 'react'
import type { DemoChain } from './config.ts'
import { EvmPanel } from './EvmPanel.tsx'

const SiwxPanel = lazy(() => import('./SiwxPanel.tsx').then((module) => ({ default: module.SiwxPanel })))

export function App({
  chains,
  faucetUrl,
  signIn,
}: {
  chains: readonly DemoChain[]
  faucetUrl: string
  /** Whether the page was opened with `?siwx=` (sign-in on). */
  signIn: boolean
}) {
  const keyframe = useKeyframe()
  const { isOpen, view, open } = useModal()
  const { themeMode, setThemeMode } = useTheme()
  const { status, address, email, isConnected } = useAccount()
  const [chainId, setChainId] = useState<string>('')
  const [notice, setNotice] = useState<string>('')

  async function askFrame() {
    setChainId('asking the frame…')
    try {
      const frame = await keyframe.frame()
      const { chainId } = await frame.request('GET_CHAIN_ID', {})
      setChainId(String(chainId))
    } catch (error) {
      setChainId(`error: ${(error as Error).message}`)
    }
  }

  async function onDisconnect() {
    setNotice('')
    try {
      await disconnect(keyframe)
    } catch (error) {
      // Disconnect ends this site's connection and keeps the login in the frame (the modal's Log out ends it);
      // an error here is the connector's own, and the page is disconnected all the same.
      setNotice((error as Error).message)
    }
  }

  return (
    <main className="demo">
      <h1>Keyframe demo dApp</h1>
      <p>A dApp page on its own origin. The wallet frame lives on another one and loads only when needed.</p>
      <div className="row">
        <button type="button" className="primary" onClick={() => void open()}>
          {isConnected ? 'Account' : 'Connect'}
        </button>
        {isConnected && (
          <button type="button" onClick={() => void onDisconnect()}>
            Disconnect
          </button>
        )}
        <button type="button" onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>
          {themeMode === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
        <button type="button" onClick={() => void askFrame()}>
          Ask the frame for its chain
        </button>
      </div>
      <dl className="account">
        <dt>Status</dt>
        <dd>
          <output data-testid="account-status">{status}</output>
        </dd>
        <dt hidden={!isConnected}>Address</dt>
        <dd hidden={!isConnected}>
          <output data-testid="account-address">{address ?? ''}</output>
        </dd>
        <dt hidden={!isConnected}>E-mail</dt>
        <dd hidden={!isConnected}>
          <output data-testid="account-email">{email ?? ''}</output>
        </dd>
      </dl>
      {notice && <p role="alert">{notice}</p>}
      <p role="status">
        Modal: <output data-testid="modal-state">{isOpen ? `open (${view})` : 'closed'}</output>
      </p>
      <p>
        Frame chain id: <output data-testid="frame-chain">{chainId}</output>
      </p>
      {signIn && (
        <Suspense fallback={null}>
          <SiwxPanel />
        </Suspense>
      )}
      <EvmPanel keyframe={keyframe} chains={chains} faucetUrl={faucetUrl} />
    </main>
  )
}
