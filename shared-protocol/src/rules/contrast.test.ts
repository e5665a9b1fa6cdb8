import { describe, expect, test } from 'vitest'
import { contrastRatio, hexChannels, leastContrast, relativeLuminance } from './contrast.ts'

describe('contrastRatio', () => {
  test('behavior: the WCAG reference points', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#fff', '#FFFFFF')).toBe(1)
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4)
  })

  test('parameters: #rgb is #rrggbb with each digit doubled', () => {
    expect(hexChannels('#0af')).toEqual([0, 170, 255])
    expect(hexChannels('#00AAFF')).toEqual([0, 170, 255])
  })

  test('behavior: leastContrast is the worst of the backgrounds', () => {
    expect(leastContrast('#000', ['#fff', '#000'])).toBe(1)
  })

  test('error: anything but an opaque hex colour', () => {
    expect(() => contrastRatio('transparent', '#fff')).toThrow(TypeError)
    expect(() => contrastRatio('#ffffff00', '#fff')).toThrow(TypeError)
    expect(() => contrastRatio('rgb(0 0 0)', '#fff')).toThrow(TypeError)
  })
})
