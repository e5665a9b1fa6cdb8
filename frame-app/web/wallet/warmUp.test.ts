import fc from 'fast-check'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { deriveAddresses, type WalletAddresses } from './accounts.ts'
import { mnemonicToEntropy } from './entropy.ts'
import { warmUp } from './warmUp.ts'

// The tests of this file share one page state and run in order: derivations before any warm-up, the
// warm-up, derivations after it.
const JUNK = mnemonicToEntropy('test test test test test test test test test test test junk')
const COOKBOOK = mnemonicToEntropy(
  'neither lonely flavor argue grass remind eye tag avocado spot unusual intact',
)
const SAMPLE = [
  JUNK,
  COOKBOOK,
  ...fc.sample(
    fc.oneof(
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
    ),
    4,
  ),
]

let cold: WalletAddresses[] = []

afterEach(() => {
  vi.useRealTimers()
})

describe('warmUp', () => {
  test('setup: derivations of a page that was never warmed up', async () => {
    cold = []
    for (const entropy of SAMPLE) cold.push(await deriveAddresses(entropy))
    expect(cold[0]!.evmAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(cold[1]!.solanaAddress).toBe('5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N')
  })

  test('behavior: a derivation started during the warm-up gives the same result', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const warming = warmUp()
    let settled = false
    void warming.then(() => {
      settled = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    expect(vi.getTimerCount(), 'its first step is a timer, nothing else ran').toBe(1)

    // A derivation started meanwhile is unaffected, whatever step the warm-up is at.
    const during = deriveAddresses(JUNK)
    const deadline = Date.now() + 30_000
    while (!settled && Date.now() < deadline) {
      await vi.advanceTimersByTimeAsync(1)
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(settled).toBe(true)
    expect(await during).toEqual(cold[0])
  })

  test('behavior: once per page; the same promise, resolved', async () => {
    const warming = warmUp()
    expect(warmUp()).toBe(warming)
    await expect(warming).resolves.toBeUndefined()
  })

  test('property: the same results as before the warm-up (vectors and random entropies)', async () => {
    for (const [i, entropy] of SAMPLE.entries())
      expect(await deriveAddresses(entropy), `#${i}`).toEqual(cold[i])
  })
})

describe('warmUp, its steps (curves and derivations mocked)', () => {
  test('behavior: no step runs in the calling task; every throwaway secret is zeroed', async () => {
    const made: Record<string, Uint8Array[]> = { secret: [], entropy: [], seed: [], privateKey: [] }
    const keep = (kind: string, bytes: Uint8Array) => {
      made[kind]!.push(bytes)
      return bytes
    }
    const curve = () => ({
      getPublicKey: vi.fn(() => new Uint8Array(32)),
      utils: { randomSecretKey: () => keep('secret', new Uint8Array(32).fill(1)) },
      Point: { BASE: { precompute: vi.fn() } },
    })
    const secp256k1 = curve()
    const ed25519 = curve()
    const entropyToSeed = vi.fn(async () => keep('seed', new Uint8Array(64).fill(3)))
    const deriveEvmAccount = vi.fn(() => ({ privateKey: keep('privateKey', new Uint8Array(32).fill(4)) }))
    const deriveSolanaAccount = vi.fn(() => ({ privateKey: keep('privateKey', new Uint8Array(32).fill(5)) }))
    vi.resetModules()
    vi.doMock('@noble/curves/secp256k1.js', () => ({ secp256k1 }))
    vi.doMock('@noble/curves/ed25519.js', () => ({ ed25519 }))
    vi.doMock('./entropy.ts', () => ({
      generateEntropy: () => keep('entropy', new Uint8Array(16).fill(2)),
      entropyToSeed,
    }))
    vi.doMock('./evm.ts', () => ({ deriveEvmAccount }))
    vi.doMock('./solana.ts', () => ({ deriveSolanaAccount }))
    try {
      const fresh = await import('./warmUp.ts')
      vi.useFakeTimers({ toFake: ['setTimeout'] })
      const warming = fresh.warmUp()
      await new Promise((resolve) => setImmediate(resolve))
      const steps = [secp256k1.getPublicKey, ed25519.getPublicKey, entropyToSeed, deriveEvmAccount]
      for (const step of [...steps, deriveSolanaAccount]) expect(step).not.toHaveBeenCalled()

      await vi.runAllTimersAsync()
      await warming
      for (const step of [...steps, deriveSolanaAccount]) expect(step).toHaveBeenCalledOnce()
      // The small base-point window, set before the first multiplication builds a table.
      expect(secp256k1.Point.BASE.precompute).toHaveBeenCalledWith(4)
      expect(ed25519.Point.BASE.precompute).toHaveBeenCalledWith(4)
      expect(deriveEvmAccount).toHaveBeenCalledWith(made.seed![0])
      expect(deriveSolanaAccount).toHaveBeenCalledWith(made.seed![0])
      expect(Object.values(made).flat()).toHaveLength(2 + 1 + 1 + 2)
      for (const [kind, buffers] of Object.entries(made))
        for (const bytes of buffers)
          expect(
            bytes.every((b) => b === 0),
            kind,
          ).toBe(true)
    } finally {
      vi.doUnmock('@noble/curves/secp256k1.js')
      vi.doUnmock('@noble/curves/ed25519.js')
      vi.doUnmock('./entropy.ts')
      vi.doUnmock('./evm.ts')
      vi.doUnmock('./solana.ts')
      vi.resetModules()
    }
  })

  test('error: a failing step ends the warm-up quietly (it never rejects)', async () => {
    vi.resetModules()
    vi.doMock('@noble/curves/secp256k1.js', () => ({
      secp256k1: {
        getPublicKey: () => {
          throw new Error('no curve here')
        },
        utils: { randomSecretKey: () => new Uint8Array(32) },
      },
    }))
    try {
      const fresh = await import('./warmUp.ts')
      await expect(fresh.warmUp()).resolves.toBeUndefined()
    } finally {
      vi.doUnmock('@noble/curves/secp256k1.js')
      vi.resetModules()
    }
  })
})
