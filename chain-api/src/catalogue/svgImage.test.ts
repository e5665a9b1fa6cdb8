// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import { colourOf, initials, svgImage, symbolLabel } from './svgImage.ts'

/** Parses as XML (strict): throws on a document that is not well formed, returns the root element. */
function parseSvg(text: string): Element {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('not well-formed XML')
  return doc.documentElement
}

describe('initials', () => {
  test('default: first letters of two words, capitals of one word, else its first letter', () => {
    expect(initials('Trust Wallet')).toBe('TW')
    expect(initials('Crypto.com | DeFi Wallet')).toBe('CC')
    expect(initials('MetaMask')).toBe('MM')
    expect(initials('imToken')).toBe('I')
    expect(initials('Rabby')).toBe('R')
    expect(initials('1inch Wallet')).toBe('1W')
    expect(initials('')).toBe('?')
  })
})

describe('symbolLabel', () => {
  test('default: short symbols as they are, anything else as initials', () => {
    expect(symbolLabel('ETH')).toBe('ETH')
    expect(symbolLabel('kUSD')).toBe('kUSD')
    expect(symbolLabel('a'.repeat(64))).toBe('A')
    expect(symbolLabel('usd-coin')).toBe('UC')
  })
})

describe('svgImage', () => {
  test('behavior: the checker used here refuses SVG that is not well formed', () => {
    expect(() => parseSvg('<svg xmlns="http://www.w3.org/2000/svg"><text>&</text></svg>')).toThrow(
      'not well-formed',
    )
  })

  test('default: a well-formed SVG square with the label and the colour of the id', () => {
    const svg = svgImage({ id: 'io.metamask', label: 'MM' })
    const root = parseSvg(svg)
    expect(root.tagName).toBe('svg')
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg')
    expect(root.getAttribute('viewBox')).toBe('0 0 96 96')
    expect(root.getElementsByTagName('text')[0]!.textContent).toBe('MM')
    expect(root.getElementsByTagName('rect')[0]!.getAttribute('fill')).toBe(colourOf('io.metamask'))
  })

  test('behavior: the same id always gets the same colour, different ids usually differ', () => {
    expect(colourOf('ETH')).toBe(colourOf('ETH'))
    const colours = new Set(['ETH', 'KFT', 'kUSD', 'USDC', 'DAI', 'WETH'].map(colourOf))
    expect(colours.size).toBeGreaterThan(3)
    expect(colourOf('ETH')).toMatch(/^hsl\(\d{1,3} 55% 38%\)$/)
  })

  test('behavior: markup in a label is escaped, never interpreted', () => {
    const root = parseSvg(svgImage({ id: 'x', label: '<a&"\'>' }))
    expect(root.getElementsByTagName('a')).toHaveLength(0)
    expect(root.getElementsByTagName('text')[0]!.textContent).toBe('<a&"\'>')
    expect(root.getElementsByTagName('script')).toHaveLength(0)
  })
})
