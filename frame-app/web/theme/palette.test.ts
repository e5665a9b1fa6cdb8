import {
  contrastRatio,
  leastContrast,
  THEME_FONT_FAMILIES,
  THEME_MODES,
  type ThemeTokens,
} from '@keyframe/protocol/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { FONT_STACKS, ink, type Palette, paletteFor } from './palette.ts'

/** The lowest contrast of each promise a palette makes (palette.ts's field comments). */
function contrasts(palette: Palette) {
  const fills = [palette.background, palette.surface]
  return {
    text: leastContrast(palette.text, fills),
    muted: leastContrast(palette.muted, fills),
    warn: leastContrast(palette.warn, fills),
    onAccent: contrastRatio(palette.onAccent, palette.accent),
    accent: contrastRatio(palette.accent, palette.background),
    focus: leastContrast(palette.focus, fills),
    control: leastContrast(palette.control, fills),
  }
}

function expectReadable(palette: Palette) {
  const c = contrasts(palette)
  for (const key of ['text', 'muted', 'warn', 'onAccent'] as const)
    expect(c[key], key).toBeGreaterThanOrEqual(4.5)
  for (const key of ['accent', 'focus', 'control'] as const) expect(c[key], key).toBeGreaterThanOrEqual(3)
}

const hex = (digits: number) =>
  fc
    .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: digits, maxLength: digits })
    .map((chars) => `#${chars.join('')}`)
const colour = fc.oneof(hex(3), hex(6))
// Near-greys and near-equal colours are where contrast is hardest: weight them in.
const grey = fc.integer({ min: 0, max: 255 }).map((v) => `#${v.toString(16).padStart(2, '0').repeat(3)}`)
const anyColour = fc.oneof(colour, grey)
const tokens: fc.Arbitrary<ThemeTokens> = fc.record(
  {
    accent: anyColour,
    background: anyColour,
    surface: anyColour,
    border: anyColour,
    radius: fc.integer({ min: 0, max: 24 }),
    fontSize: fc.double({ min: 12, max: 18, noNaN: true }),
    fontFamily: fc.constantFrom(...THEME_FONT_FAMILIES),
  },
  { requiredKeys: [] },
)

describe('paletteFor', () => {
  test('default: the modal palette of each mode', () => {
    expect(paletteFor('dark', {})).toMatchObject({
      scheme: 'dark',
      background: '#17181b',
      text: '#f3f4f6',
      accent: '#7b93ff',
      onAccent: '#15171a',
      radiusPx: 12,
      fontSizePx: 14,
      fontFamily: FONT_STACKS.system,
    })
    expect(paletteFor('light', {})).toMatchObject({
      scheme: 'light',
      background: '#ffffff',
      text: '#15171a',
      accent: '#3554d1',
      onAccent: '#f3f4f6',
    })
    for (const mode of THEME_MODES) expectReadable(paletteFor(mode, {}))
  })

  test('property: whatever the tokens, text, labels, warnings and Approve’s label read at ≥ 4.5:1; Approve, the focus ring and inputs’ edges stand out at ≥ 3:1', () => {
    fc.assert(
      fc.property(fc.constantFrom(...THEME_MODES), tokens, (mode, given) => {
        expectReadable(paletteFor(mode, given))
      }),
      { numRuns: 5000 },
    )
  })

  test('behavior: the attacker’s camouflage (text colour = background) is not possible: text is the frame’s', () => {
    for (const background of ['#ffffff', '#000000', '#777777', '#7f7f7f', '#ff0000']) {
      const palette = paletteFor('dark', { background, surface: background, accent: background })
      expect(palette.text).not.toBe(background)
      expect(palette.onAccent).not.toBe(palette.accent)
      expectReadable(palette)
    }
  })

  test('behavior: a surface no ink reads on alongside the background gives way', () => {
    const palette = paletteFor('dark', { background: '#000000', surface: '#ffffff' })
    expect(palette.surface).not.toBe('#ffffff')
    expectReadable(palette)
  })

  test('behavior: an accent that does not stand out from the background falls back to the default', () => {
    expect(paletteFor('light', { accent: '#fefefe' }).accent).toBe('#3554d1')
    expect(paletteFor('light', { accent: '#ffee00' })).toMatchObject({ accent: '#3554d1' })
    expect(paletteFor('dark', { accent: '#ffee00' })).toMatchObject({
      accent: '#ffee00',
      onAccent: '#15171a',
    })
  })

  test('behavior: an input’s edge is the parent’s border where it stands out, else the frame’s', () => {
    // The modal's own light border (#e0e3e8) is 1.3:1 on white: the code boxes would have no visible edge.
    expect(paletteFor('light', {}).control).toBe('#7d8490')
    expect(paletteFor('light', { border: '#e0e3e8' }).control).toBe('#7d8490')
    expect(paletteFor('dark', { border: '#33363c' }).control).toBe('#717782')
    expect(paletteFor('light', { border: '#000000' }).control).toBe('#000000')
    // A mid-grey background between the two: neither default reaches 3:1, the text colour does.
    const grey = paletteFor('light', { background: '#777777', surface: '#777777', border: '#787878' })
    expect(grey.control).toBe(grey.text)
  })

  test('behavior: a custom accent gets the ink that reads on it, black or white where the frame’s own do not', () => {
    expect(paletteFor('dark', { accent: '#ff0066' }).onAccent).toBe('#15171a')
    expect(paletteFor('dark', { accent: '#767676' }).onAccent).toBe('#000000')
    expect(paletteFor('light', { accent: '#0b3d91' }).onAccent).toBe('#f3f4f6')
  })
})

describe('ink', () => {
  test('property: on one opaque fill there is always an ink at ≥ 4.5:1', () => {
    fc.assert(
      fc.property(anyColour, (fill) => {
        const chosen = ink([fill])
        expect(chosen).toBeDefined()
        expect(contrastRatio(chosen as string, fill)).toBeGreaterThanOrEqual(4.5)
      }),
      { numRuns: 2000 },
    )
  })
})
