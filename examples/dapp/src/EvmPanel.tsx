import type { Keyframe } from '@keyframe/sdk'
import { useAccount } from '@keyframe/sdk/react'
import { useRef, useState } from 'react'
import type { DemoChain } from './config.ts'
import type { EvmAction, EvmContext, EvmLibrary } from './evm/types.ts'

/** Each library loads on first use: none of them is in the page's first load. */
const LIBRARIES = {
  viem: () => import('./evm/viem.ts').then((m) => m.createViemLibrary),
  ethers: () => import('./evm/ethers.ts').then((m) => m.createEthersLibrary),
  wagmi: () => import('./evm/wagmi.ts').then((m) => m.createWagmiLibrary),
} satisfies Record<string, () => Promise<(context: EvmContext) => EvmLibrary>>

type LibraryName = keyof typeof LIBRARIES

const ACTIONS: [EvmAction, string][] = [
  ['signMessage', 'Sign message'],
  ['signTypedData', 'Sign typed data'],
  ['sendEth', 'Send ETH'],
  ['sendKusd', 'Send kUSD'],
  ['switchChain', 'Switch chain'],
]

type Result =
  | { kind: 'idle' | 'pending' }
  | { kind: 'signature' | 'transaction' | 'chain'; value: string }
  | { kind: 'error'; code: string; message: string }

/** The first numeric EIP-1193 / JSON-RPC code in an error's chain (viem `cause`, ethers `info.error`). */
function describeError(error: unknown): { code: string; message: string } {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const e = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      error?: unknown
      info?: { error?: unknown }
    }
    if (typeof e.code === 'number') return { code: String(e.code), message: String(e.message ?? '') }
    current = e.cause ?? e.info?.error ?? e.error
  }
  return { code: 'none', message: error instanceof Error ? error.message : String(error) }
}

function resultText(result: Result): string {
  switch (result.kind) {
    case 'idle':
      return ''
    case 'pending':
      return 'waiting for the wallet…'
    case 'error':
      return `error ${result.code}: ${result.message}`
    default:
      return `${result.kind} ${result.value}`
  }
}

function LibrarySection({ name, context }: { name: LibraryName; context: EvmContext }) {
  const library = useRef<Promise<EvmLibrary> | undefined>(undefined)
  const [result, setResult] = useState<Result>({ kind: 'idle' })

  async function run(action: EvmAction) {
    setResult({ kind: 'pending' })
    try {
      library.current ??= LIBRARIES[name]().then((create) => create(context))
      setResult(await (await library.current)[action]())
    } catch (error) {
      setResult({ kind: 'error', ...describeError(error) })
    }
  }

  return (
    <section className="library" aria-label={name}>
      <h3>{name}</h3>
      <div className="row">
        {ACTIONS.map(([action, label]) => (
          <button key={action} type="button" onClick={() => void run(action)}>
            {label}
          </button>
        ))}
      </div>
      <output
        data-testid={`${name}-result`}
        data-kind={result.kind}
        data-value={'value' in result ? result.value : 'code' in result ? result.code : ''}
      >
        {resultText(result)}
      </output>
    </section>
  )
}

/** The EVM panel: the same actions through viem, ethers and wagmi, and the devstack's faucet. */
export function EvmPanel({
  keyframe,
  chains,
  faucetUrl,
}: {
  keyframe: Keyframe
  chains: readonly DemoChain[]
  faucetUrl: string
}) {
  const { address } = useAccount()
  const [funded, setFunded] = useState('')
  const context = useRef<EvmContext>({ keyframe, chains }).current

  async function fund() {
    setFunded('funding…')
    try {
      const response = await fetch(`${faucetUrl}/fund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address }),
      })
      setFunded(response.ok ? 'funded' : `faucet answered ${response.status}`)
    } catch (error) {
      setFunded(`faucet unreachable: ${(error as Error).message}`)
    }
  }

  return (
    <section className="evm" aria-label="EVM">
      <h2>EVM</h2>
      <div className="row">
        <button type="button" disabled={!address} onClick={() => void fund()}>
          Fund wallet
        </button>
        <output data-testid="fund-result">{funded}</output>
      </div>
      {(Object.keys(LIBRARIES) as LibraryName[]).map((name) => (
        <LibrarySection key={name} name={name} context={context} />
      ))}
    </section>
  )
}
