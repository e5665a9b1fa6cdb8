import { disconnect, getEmbeddedProvider } from '@keyframe/sdk'
import { useAccount, useKeyframe, useModal } from '@keyframe/sdk/react'
import { useState } from 'react'
import { createWalletClient, custom, type Hex } from 'viem'

const MESSAGE = 'Hello from a Vite app'

export function App() {
  const keyframe = useKeyframe()
  const { status, address, email, isConnected } = useAccount()
  const { open } = useModal()
  const [signature, setSignature] = useState<Hex>()
  const [error, setError] = useState<string>()

  async function sign() {
    setError(undefined)
    try {
      const wallet = createWalletClient({ transport: custom(getEmbeddedProvider(keyframe)) })
      const [account] = await wallet.requestAddresses()
      if (!account) throw new Error('No account')
      setSignature(await wallet.signMessage({ account, message: MESSAGE }))
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <main>
      <h1>Keyframe in a Vite + React app</h1>
      <p>
        Status: <output data-testid="account-status">{status}</output>
      </p>
      {isConnected && (
        <p>
          <output data-testid="account-address">{address}</output> (
          <output data-testid="account-email">{email}</output>)
        </p>
      )}
      <button type="button" onClick={() => void open()}>
        {isConnected ? 'Account' : 'Connect'}
      </button>
      {isConnected && (
        <>
          <button type="button" onClick={() => void sign()}>
            Sign message
          </button>
          <button type="button" onClick={() => void disconnect(keyframe)}>
            Disconnect
          </button>
        </>
      )}
      <p data-testid="message">{MESSAGE}</p>
      {signature && <output data-testid="signature">{signature}</output>}
      {error && <p role="alert">{error}</p>}
    </main>
  )
}
