import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAnvil } from '@keyframe/dev-fixtures'
import { expect, test } from 'vitest'
import { fileLogger } from './logFile.ts'

test("anvil's output after start goes to the log file, without the start-up banner and its keys", async () => {
  const file = join(tmpdir(), `keyframe-anvil-${process.pid}-${Date.now()}.jsonl`)
  const anvil = await startAnvil({ chainId: 31_998, logger: fileLogger(file, 'chain') })
  try {
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    })
    await expect.poll(() => readFileSync(file, 'utf8')).toContain('anvil 31998: eth_blockNumber')
    const log = readFileSync(file, 'utf8')
    expect(log).not.toContain('Private Keys')
    for (const line of log.trim().split('\n')) expect(JSON.parse(line)).toMatchObject({ source: 'chain' })
  } finally {
    await anvil.close()
    rmSync(file, { force: true })
  }
})
