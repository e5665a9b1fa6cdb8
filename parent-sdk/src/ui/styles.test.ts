import { CONTROL_CONTRAST, contrastRatio } from '@keyframe/protocol/core'
import { describe, expect, test } from 'vitest'
import { styles } from './styles.ts'

/** The custom properties a rule of the stylesheet sets, by name. */
function variablesOf(selector: string): Record<string, string> {
  const body = styles.split(`\n${selector} {`)[1]?.split('\n}')[0]
  if (body === undefined) throw new Error(`No rule ${selector}`)
  return Object.fromEntries([...body.matchAll(/(--kf-[\w-]+):\s*([^;]+);/g)].map(([, k, v]) => [k, v]))
}

/** The variable a rule's declaration draws with (`border: 1px solid var(--x)` → `--x`). */
function variableDrawing(selector: string, property: string): string {
  const body = styles.split(`\n${selector} {`)[1]?.split('\n}')[0] ?? ''
  const drawn = new RegExp(`(?:^|[\\s;])${property}:[^;]*var\\((--kf-[\\w-]+)\\)`).exec(body)?.[1]
  if (drawn === undefined) throw new Error(`${selector} draws its ${property} with no variable`)
  return drawn
}

describe('styles', () => {
  // The e-mail field and the Send view's fields (.kf-input) sit on the card (--kf-bg) and are filled with
  // --kf-surface: their edge, the only cue of where to type, is seen at ≥ 3:1 against both (WCAG 1.4.11).
  const dark = variablesOf('.kf-root')
  const themes = { dark, light: { ...dark, ...variablesOf(".kf-root[data-theme='light']") } }

  for (const [mode, variables] of Object.entries(themes)) {
    test(`default (${mode}): an input's edge stands out at ≥ 3:1 on the card and on its own fill`, () => {
      const edge = variables[variableDrawing('.kf-input', 'border')] as string
      for (const fill of ['--kf-bg', '--kf-surface'])
        expect(contrastRatio(edge, variables[fill] as string), `${edge} on ${fill}`).toBeGreaterThanOrEqual(
          CONTROL_CONTRAST,
        )
    })
  }
})
