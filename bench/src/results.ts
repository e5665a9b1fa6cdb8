/**
 * bench/RESULTS.md, written section by section: each bench replaces its own `## …` section.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs'

/** Replaces (or appends) a section of bench/RESULTS.md, from its `## ` heading to the next one. */
export function writeResultsSection(heading: string, section: string): void {
  const file = new URL('../RESULTS.md', import.meta.url)
  const text = readFileSync(file, 'utf8')
  const start = text.indexOf(heading)
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`)
    return
  }
  const next = text.indexOf('\n## ', start + heading.length)
  writeFileSync(file, `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next)}`)
}
