import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { startAnvil } from './anvil.ts'

const rpc = async (rpcUrl: string, method: string) => {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await response.json()) as { result: unknown }).result
}

test('anvil starts on a free port with the given chain id and stops on close', async () => {
  const anvil = await startAnvil({ chainId: 31_999 })
  expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toBe('0x7cff')
  await anvil.close()
  await expect(rpc(anvil.rpcUrl, 'eth_chainId')).rejects.toThrow()
})

test('a port in use fails the start instead of hanging', async () => {
  const first = await startAnvil({ chainId: 31_997 })
  try {
    const port = Number(new URL(first.rpcUrl).port)
    await expect(startAnvil({ chainId: 31_996, port })).rejects.toThrow(/exited before listening/)
  } finally {
    await first.close()
  }
})

test('anvil stops when the Node process that started it is killed', async () => {
  const script = `import { startAnvil } from ${JSON.stringify(fileURLToPath(new URL('./anvil.ts', import.meta.url)))}
console.log((await startAnvil({ chainId: 31_995 })).rpcUrl)`
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [output] = (await once(parent.stdout!, 'data')) as [Buffer]
  const rpcUrl = output.toString().trim()
  expect(await rpc(rpcUrl, 'eth_chainId')).toBe('0x7cfb')
  parent.kill('SIGKILL')
  await expect
    .poll(() =>
      rpc(rpcUrl, 'eth_chainId').then(
        () => 'answers',
        () => 'gone',
      ),
    )
    .toBe('gone')
})
