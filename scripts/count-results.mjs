// Adds up the results the runners wrote: vitest JSON, Playwright JSON, the conformance summary line.
import { existsSync, readFileSync } from 'node:fs'

const dir = process.argv[2]
let passed = 0
let failed = 0
const read = (name) => (existsSync(`${dir}/${name}`) ? readFileSync(`${dir}/${name}`, 'utf8') : undefined)

const unit = read('unit.json')
if (unit) {
  const r = JSON.parse(unit)
  passed += r.numPassedTests
  // A file that fails to load has no tests of its own: count it once.
  failed += r.numFailedTests || r.numFailedTestSuites
} else failed += 1

const e2e = read('e2e.json')
if (e2e) {
  const { stats } = JSON.parse(e2e)
  passed += stats.expected + stats.flaky
  failed += stats.unexpected
} else failed += 1

const conformance = read('conformance.txt')
const line = conformance?.match(/^(\d+) passed, (\d+) failed$/m)
if (line) {
  passed += Number(line[1])
  failed += Number(line[2])
} else failed += 1

console.log(`${passed} ${failed}`)
