/**
 * `npm run -w chain-api openapi`: writes `chain-api/openapi.yaml` from the endpoint declarations.
 * `--check` writes nothing and exits 1 when the file is out of date (CI).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { OPENAPI_FILE, renderOpenApi } from '../src/openapi/buildOpenApi.ts'

const text = await renderOpenApi()
const file = fileURLToPath(OPENAPI_FILE)
if (process.argv.includes('--check')) {
  let current = ''
  try {
    current = readFileSync(file, 'utf8')
  } catch {}
  if (current !== text) {
    console.error(`${file} is out of date: run npm run -w chain-api openapi`)
    process.exit(1)
  }
  console.log(`${file} is up to date`)
} else {
  writeFileSync(file, text)
  console.log(`Wrote ${file}`)
}
