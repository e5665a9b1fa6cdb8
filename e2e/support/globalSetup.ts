import { rmSync } from 'node:fs'
import { OUTPUT_DIR } from './artifacts.ts'

/** A run starts with no logs or secrets of an earlier one, so the canary reads this run's only. */
export default function globalSetup() {
  rmSync(OUTPUT_DIR, { recursive: true, force: true })
}
