import { useSession } from '@keyframe/sdk/react'
import { useState } from 'react'
import { backendSession } from './siwx.ts'

/** Who is signed in, as the page's session says and as the example backend's cookie says (`?siwx=`). */
export function SiwxPanel() {
  const session = useSession()
  const [backend, setBackend] = useState('')

  async function askBackend() {
    setBackend('asking the backend…')
    try {
      const answer = await backendSession()
      setBackend(answer ? `${answer.address} on ${answer.chainId}` : 'Not signed in')
    } catch (error) {
      setBackend(`error: ${(error as Error).message}`)
    }
  }

  return (
    <section aria-labelledby="siwx-heading">
      <h2 id="siwx-heading">Sign in with the wallet</h2>
      <p>
        <output data-testid="siwx-session">
          {session
            ? `signed in as ${session.data.accountAddress} on ${session.data.chainId}`
            : 'not signed in'}
        </output>
      </p>
      <div className="row">
        <button type="button" onClick={() => void askBackend()}>
          Ask the backend who is signed in
        </button>
        <output data-testid="siwx-backend">{backend}</output>
      </div>
    </section>
  )
}
