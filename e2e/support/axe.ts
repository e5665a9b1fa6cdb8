/**
 * axe-core (WCAG 2.1 A and AA) on what a person sees: the dApp page with the modal in its open shadow root,
 * and the frame's own document (its origin, its CSP). axe's source goes in through Playwright's evaluate,
 * which the frame's `script-src 'self'` does not block (a `<script>` tag would be).
 * @module
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Frame, type Page } from '@playwright/test'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const

/** One broken rule, as the failure message lists it. */
export type AxeViolation = { rule: string; impact: string; help: string; nodes: string[] }

type AxeGlobal = {
  run(
    context: Document | { include: string[][] },
    options: object,
  ): Promise<{
    violations: {
      id: string
      impact?: string | null
      help: string
      nodes: { target: unknown[]; failureSummary?: string }[]
    }[]
  }>
}

/**
 * What the SDK puts in the dApp page: the modal's host (its views in an open shadow root, which axe enters)
 * and the frame's iframe element. The rest of the page is the dApp's own, not a view of ours.
 */
export const SDK_IN_PAGE = ['[data-keyframe-modal]', 'iframe[title="Keyframe wallet"]']

/**
 * Waits until the finite animations of `target`'s document and of its open shadow roots (the modal's views
 * run theirs there, which `document.getAnimations()` does not list) have ended; spinners' endless turns
 * aside. Two frames first: a transition that the last render started exists only once a style pass has run.
 */
export async function animationsDone(target: Page | Frame): Promise<void> {
  await target.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const shadowRoots = [...document.querySelectorAll('*')].flatMap((el) =>
      el.shadowRoot ? [el.shadowRoot] : [],
    )
    await Promise.all(
      [document, ...shadowRoots]
        .flatMap((root) => root.getAnimations())
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    )
  })
}

/**
 * The violations axe finds in one document: in a page, in the SDK's elements there (`SDK_IN_PAGE`); in a
 * frame, in the whole document. The page's run leaves the iframe's inside to the frame's own run
 * (`iframes: false`) and still checks the iframe element (its title, for one).
 */
export async function axeViolations(
  document: Page | Frame,
  options: { disabledRules?: string[] } = {},
): Promise<AxeViolation[]> {
  const isPage = 'mainFrame' in document
  const frame = isPage ? document.mainFrame() : document
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(`${axeSource}\n;true`)
  // A view fading in is checked as it ends, not half transparent.
  await animationsDone(frame)
  return frame.evaluate(
    async ({ tags, disabled, include }) => {
      const axe = (window as unknown as { axe: AxeGlobal }).axe
      const present = include?.filter((selector) => window.document.querySelector(selector))
      if (present?.length === 0) throw new Error('None of the SDK’s elements is in the page')
      const context = present ? { include: present.map((selector) => [selector]) } : window.document
      const results = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
        iframes: false,
      })
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        nodes: v.nodes.map(
          (n) => `${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
        ),
      }))
    },
    {
      tags: [...WCAG21_AA],
      disabled: options.disabledRules ?? [],
      include: isPage ? SDK_IN_PAGE : undefined,
    },
  )
}

/** A readable list: one block per rule, one line per element with what axe says is wrong with it. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.rule} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n}`).join('\n')}`)
    .join('\n')
}

/**
 * Fails the test (softly: it goes on to the next view) when axe finds a WCAG 2.1 A/AA violation in the SDK's
 * part of the dApp page (the modal) or in a frame-origin document; the message names the view, the document,
 * each rule and each element.
 */
export async function expectAccessible(
  view: string,
  documents: { page?: Page; frame?: Frame },
  options: { disabledRules?: string[] } = {},
): Promise<void> {
  const found: string[] = []
  for (const [where, document] of [
    ['dApp page (modal)', documents.page],
    ['frame-origin document', documents.frame],
  ] as const) {
    if (!document) continue
    const violations = await axeViolations(document, options)
    if (violations.length > 0) found.push(`in the ${where}:\n${formatViolations(violations)}`)
  }
  expect.soft(found.join('\n'), `axe-core (WCAG 2.1 AA) on ${view}`).toBe('')
}
