import { checksumAddress, isAddress as viemIsAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { isAddress, checksumAddress as ownChecksum } from './sendChecksum.ts'

const lower = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const good = checksumAddress(lower)

describe('isAddress (EIP-55)', () => {
  test('a checksummed address and an all-lowercase one pass', () => {
    expect(isAddress(good)).toBe(true)
    expect(isAddress(lower)).toBe(true)
  })

  test('one letter in the wrong case fails strictly and passes without strict', () => {
    const i = [...good].findIndex((c, at) => at > 1 && /[a-fA-F]/.test(c))
    const flipped =
      good.slice(0, i) +
      (good[i] === good[i]!.toUpperCase() ? good[i]!.toLowerCase() : good[i]!.toUpperCase()) +
      good.slice(i + 1)
    expect(isAddress(flipped)).toBe(false)
    expect(isAddress(flipped, { strict: false })).toBe(true)
  })

  test('agrees with viem over many addresses, right and wrong', () => {
    for (let n = 0; n < 200; n++) {
      const hex = Array.from({ length: 40 }, (_, i) => ((n * 7919 + i * 104729) % 16).toString(16)).join('')
      const checksummed = checksumAddress(`0x${hex}`)
      const upper = `0x${hex.toUpperCase()}`
      for (const candidate of [checksummed, `0x${hex}`, upper]) {
        expect(isAddress(candidate), candidate).toBe(viemIsAddress(candidate, { strict: true }))
      }
    }
  })

  test('not 20 bytes of hex is no address', () => {
    for (const bad of [
      '',
      '0x',
      lower.slice(0, 41),
      `${lower}00`,
      lower.replace('0x', ''),
      `0x${'g'.repeat(40)}`,
    ]) {
      expect(isAddress(bad)).toBe(false)
      expect(isAddress(bad, { strict: false })).toBe(false)
    }
  })

  test('checksumAddress writes the EIP-55 form viem writes, from any case', () => {
    for (let n = 0; n < 200; n++) {
      const hex = Array.from({ length: 40 }, (_, i) => ((n * 7919 + i * 104729) % 16).toString(16)).join('')
      for (const candidate of [`0x${hex}`, `0x${hex.toUpperCase()}`])
        expect(ownChecksum(candidate), candidate).toBe(checksumAddress(`0x${hex}`))
    }
  })
})
