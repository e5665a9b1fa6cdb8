// What decides whether the Account header offers 'Choose a name' (SPEC §5: names on EVM only), and the
// profile-name read where there is nothing to ask.
import { afterEach, describe, expect, test } from 'vitest'
import { createKeyframe, type Keyframe } from '../../core/createKeyframe.ts'
import { DISCONNECTED_ALL } from '../../core/store.ts'
import { canRegisterName, readProfileName } from './profileName.ts'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112'
// Nothing listens there: a read that asked chain-api would fail, not answer null.
const CHAIN_API = 'http://127.0.0.1:9'

const instances: Keyframe[] = []
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
})

function connected(options: { chainApiUrl?: string; namespace: 'eip155' | 'solana' }) {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    ...(options.chainApiUrl ? { chainApiUrl: options.chainApiUrl } : {}),
    networks: [
      { id: 1, name: 'Ethereum' },
      { id: SOLANA, name: 'Solana' },
    ],
  })
  instances.push(kf)
  const connection =
    options.namespace === 'eip155'
      ? { status: 'connected' as const, address: EVM, chainId: 'eip155:1' as const }
      : { status: 'connected' as const, address: SOLANA_ADDRESS, chainId: SOLANA as `solana:${string}` }
  kf._internal.store.setState({
    activeNamespace: options.namespace,
    connections: { ...DISCONNECTED_ALL, [options.namespace]: connection },
  })
  return kf
}

describe('canRegisterName', () => {
  test('default: a connected EVM account with a chain-api may choose a name', () => {
    expect(canRegisterName(connected({ namespace: 'eip155', chainApiUrl: CHAIN_API }))).toBe(true)
  })
  test('behavior: not on solana (names are EVM only), nor without a chain-api to register with', () => {
    expect(canRegisterName(connected({ namespace: 'solana', chainApiUrl: CHAIN_API }))).toBe(false)
    expect(canRegisterName(connected({ namespace: 'eip155' }))).toBe(false)
  })
  test('behavior: not while disconnected', () => {
    const kf = connected({ namespace: 'eip155', chainApiUrl: CHAIN_API })
    kf._internal.store.setState({ connections: DISCONNECTED_ALL })
    expect(canRegisterName(kf)).toBe(false)
  })
})

test('behavior: no profile name, and no call, for a non-EVM address or without a chain-api', async () => {
  expect(
    await readProfileName(connected({ namespace: 'solana', chainApiUrl: CHAIN_API }), SOLANA_ADDRESS),
  ).toBeNull()
  expect(await readProfileName(connected({ namespace: 'eip155' }), EVM)).toBeNull()
  // The control: an EVM address with a chain-api does ask it (and here it cannot answer).
  await expect(
    readProfileName(connected({ namespace: 'eip155', chainApiUrl: CHAIN_API }), EVM),
  ).rejects.toThrow()
})
