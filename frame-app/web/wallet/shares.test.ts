import { bytesToHex } from '@noble/hashes/utils.js'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { deriveAddresses } from './accounts.ts'
import { generateEntropy, mnemonicToEntropy } from './entropy.ts'
import { ReconstructionError } from './errors.ts'
import { reconstruct, splitForDevice, splitForRecovery, withReconstructedEntropy } from './shares.ts'

// Record every buffer the Shamir library hands back, to check that failed reconstructions are zeroed.
const combined = vi.hoisted(() => [] as Uint8Array[])
vi.mock('shamir-secret-sharing', async (importOriginal) => {
  const actual = await importOriginal<typeof import('shamir-secret-sharing')>()
  return {
    ...actual,
    combine: async (shares: Uint8Array[]) => {
      const secret = await actual.combine(shares)
      combined.push(secret)
      return secret
    },
  }
})
afterEach(() => {
  combined.length = 0
})

const JUNK = mnemonicToEntropy('test test test test test test test test test test test junk')
const JUNK_EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const MESSAGE = 'Key reconstruction failed: the rebuilt wallet does not match'

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('splitForDevice / splitForRecovery', () => {
  test('default: 2-of-2 shares one byte longer than the entropy', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    const { recoveryShare, authShare: authRecovery } = await splitForRecovery(JUNK)
    for (const share of [deviceShare, authShare, recoveryShare, authRecovery]) expect(share).toHaveLength(17)
    const hex = [deviceShare, authShare, recoveryShare, authRecovery].map(bytesToHex)
    expect(new Set(hex).size).toBe(4)
    expect(hex).not.toContain(bytesToHex(JUNK))
  })

  test('behavior: every split is fresh, and the entropy is left untouched', async () => {
    const entropy = new Uint8Array(JUNK)
    const a = await splitForDevice(entropy)
    const b = await splitForDevice(entropy)
    expect(bytesToHex(a.deviceShare)).not.toBe(bytesToHex(b.deviceShare))
    expect(entropy).toEqual(JUNK)
  })

  test('error: wrong entropy length', async () => {
    await expect(splitForDevice(new Uint8Array(10))).rejects.toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected entropy of 16, 20, 24, 28 or 32 bytes, got 10 bytes]`,
    )
  })
})

describe('reconstruct', () => {
  test('default: device share + auth share rebuild the checked entropy, in either order', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    expect(await reconstruct(deviceShare, authShare, { evmAddress: JUNK_EVM })).toEqual(JUNK)
    expect(await reconstruct(authShare, deviceShare, { evmAddress: JUNK_EVM.toLowerCase() })).toEqual(JUNK)
  })

  test('parameters: the recovery pair, 32-byte entropy, Solana address checked too', async () => {
    const entropy = generateEntropy({ bytes: 32 })
    const expected = await deriveAddresses(entropy)
    const { recoveryShare, authShare } = await splitForRecovery(entropy)
    expect(await reconstruct(recoveryShare, authShare, expected)).toEqual(entropy)
  })

  test('behavior: the shares passed in are not modified', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    const before = [bytesToHex(deviceShare), bytesToHex(authShare)]
    await reconstruct(deviceShare, authShare, { evmAddress: JUNK_EVM })
    expect([bytesToHex(deviceShare), bytesToHex(authShare)]).toEqual(before)
  })

  test('error: a corrupted share is caught, whichever byte is hit', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    for (let i = 0; i < deviceShare.length; i++) {
      const corrupted = new Uint8Array(deviceShare)
      corrupted[i]! ^= 0x01
      const error = await rejection(reconstruct(corrupted, authShare, { evmAddress: JUNK_EVM }))
      expect(error, `byte ${i}`).toBeInstanceOf(ReconstructionError)
      expect((error as Error).message).toBe(MESSAGE)
    }
  })

  test('error: a corrupted share is caught (full message)', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    deviceShare[0]! ^= 0xff
    await expect(
      reconstruct(deviceShare, authShare, { evmAddress: JUNK_EVM }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ReconstructionError: Key reconstruction failed: the rebuilt wallet does not match]`,
    )
  })

  test('behavior: the wrong entropy of a failed check (and the split self-check) is zeroed', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    deviceShare[3]! ^= 0x40
    await expect(reconstruct(deviceShare, authShare, { evmAddress: JUNK_EVM })).rejects.toThrow(
      ReconstructionError,
    )
    // One combine for the split's self-check, one for the reconstruction.
    expect(combined).toHaveLength(2)
    for (const secret of combined) expect(secret).toEqual(new Uint8Array(16))
  })

  test('error: shares of two different splits', async () => {
    const device = await splitForDevice(JUNK)
    const recovery = await splitForRecovery(JUNK)
    const pairs: [Uint8Array, Uint8Array][] = [
      [device.deviceShare, recovery.authShare],
      [device.authShare, recovery.authShare],
      [device.deviceShare, recovery.recoveryShare],
    ]
    for (const [a, b] of pairs) {
      await expect(reconstruct(a, b, { evmAddress: JUNK_EVM })).rejects.toThrow(ReconstructionError)
    }
  })

  test('error: the same share twice, shares of different lengths, not bytes', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    const long = await splitForDevice(generateEntropy({ bytes: 32 }))
    await expect(reconstruct(deviceShare, deviceShare, { evmAddress: JUNK_EVM })).rejects.toThrow(
      ReconstructionError,
    )
    await expect(reconstruct(deviceShare, long.authShare, { evmAddress: JUNK_EVM })).rejects.toThrow(
      ReconstructionError,
    )
    await expect(
      reconstruct(deviceShare, authShare.subarray(0, 10), { evmAddress: JUNK_EVM }),
    ).rejects.toThrow(ReconstructionError)
    await expect(
      reconstruct(deviceShare, 'nope' as unknown as Uint8Array, { evmAddress: JUNK_EVM }),
    ).rejects.toThrow(ReconstructionError)
  })

  test('error: good shares of another wallet', async () => {
    const { deviceShare, authShare } = await splitForDevice(generateEntropy())
    await expect(reconstruct(deviceShare, authShare, { evmAddress: JUNK_EVM })).rejects.toThrow(MESSAGE)
  })

  test('error: the Solana address does not match', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    await expect(
      reconstruct(deviceShare, authShare, {
        evmAddress: JUNK_EVM,
        solanaAddress: '11111111111111111111111111111111',
      }),
    ).rejects.toThrow(ReconstructionError)
  })

  test('error: a malformed expected address is a TypeError', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    await expect(
      reconstruct(deviceShare, authShare, { evmAddress: 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TypeError: Address "f39Fd6e51aad88F6F4ce6aB8827279cffFb92266" is invalid.]`,
    )
  })
})

describe('withReconstructedEntropy', () => {
  test('default: the entropy is zeroed once the callback resolves', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    let seen: Uint8Array | undefined
    const result = await withReconstructedEntropy(deviceShare, authShare, { evmAddress: JUNK_EVM }, (e) => {
      seen = e
      return bytesToHex(e)
    })
    expect(result).toBe(bytesToHex(JUNK))
    expect(seen).toEqual(new Uint8Array(16))
  })

  test('behavior: the entropy is zeroed when the callback throws', async () => {
    const { deviceShare, authShare } = await splitForDevice(JUNK)
    let seen: Uint8Array | undefined
    await expect(
      withReconstructedEntropy(deviceShare, authShare, { evmAddress: JUNK_EVM }, async (e) => {
        seen = e
        throw new Error('signing failed')
      }),
    ).rejects.toThrow('signing failed')
    expect(seen).toEqual(new Uint8Array(16))
  })

  test('error: the callback never runs when the check fails', async () => {
    const { deviceShare } = await splitForDevice(JUNK)
    const { authShare } = await splitForRecovery(JUNK)
    const use = vi.fn()
    await expect(
      withReconstructedEntropy(deviceShare, authShare, { evmAddress: JUNK_EVM }, use),
    ).rejects.toThrow(ReconstructionError)
    expect(use).not.toHaveBeenCalled()
  })
})
