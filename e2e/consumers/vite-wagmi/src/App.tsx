import { useAccount, useModal } from '@keyframe/sdk/react'
import { useConnect, useConnection, useConnectors, useDisconnect, useSignMessage } from 'wagmi'

const MESSAGE = 'Hello from a Vite + wagmi app'

export function App() {
  const { status, address, isConnected } = useConnection()
  // The login's e-mail is the SDK's (wagmi knows accounts, not people).
  const { email } = useAccount()
  const { open } = useModal()
  const connectors = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const signMessage = useSignMessage()
  const keyframe = connectors.find((connector) => connector.name === 'Keyframe')

  return (
    <main>
      <h1>Keyframe in a Vite + React + wagmi app</h1>
      <p>
        Status: <output data-testid="account-status">{status}</output>
      </p>
      {isConnected && (
        <p>
          <output data-testid="account-address">{address}</output> (
          <output data-testid="account-email">{email}</output>)
        </p>
      )}
      {isConnected ? (
        <>
          <button type="button" onClick={() => void open()}>
            Account
          </button>
          <button type="button" onClick={() => signMessage.mutate({ message: MESSAGE })}>
            Sign message
          </button>
          <button type="button" onClick={() => disconnect.mutate()}>
            Disconnect
          </button>
        </>
      ) : (
        <button
          type="button"
          disabled={!keyframe}
          onClick={() => keyframe && connect.mutate({ connector: keyframe })}
        >
          Connect
        </button>
      )}
      <p data-testid="message">{MESSAGE}</p>
      {signMessage.data && <output data-testid="signature">{signMessage.data}</output>}
      {(connect.error ?? signMessage.error) && (
        <p role="alert">{(connect.error ?? signMessage.error)?.message}</p>
      )}
    </main>
  )
}
