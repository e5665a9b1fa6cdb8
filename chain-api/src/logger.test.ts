import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'

const KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

describe('createLogger', () => {
  it('writes JSON lines with level, message, time, base and fields', () => {
    const lines: string[] = []
    createLogger({ write: (l) => lines.push(l), base: { source: 'chain-api' } }).info('started', {
      port: 5177,
    })
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      message: 'started',
      source: 'chain-api',
      port: 5177,
    })
  })

  it('never writes a key, a signature or URL credentials', () => {
    const lines: string[] = []
    const log = createLogger({ write: (l) => lines.push(l) })
    log.error(`failed with ${KEY}`, {
      privateKey: 'anything',
      body: { signature: '0xabc' },
      rpcUrl: 'https://user:pass@rpc.example.com/v1',
      error: new Error(`boom ${KEY}`),
    })
    const line = lines.join('\n')
    expect(line).not.toContain(KEY.slice(4, 40))
    expect(line).not.toContain('anything')
    expect(line).not.toContain('0xabc')
    expect(line).not.toContain('user:pass')
    expect(JSON.parse(line).rpcUrl).toBe('https://***@rpc.example.com/v1')
  })

  it('drops lines below its level', () => {
    const lines: string[] = []
    const log = createLogger({ write: (l) => lines.push(l), level: 'warn' })
    log.info('quiet')
    log.warn('loud')
    expect(lines.map((l) => JSON.parse(l).message)).toEqual(['loud'])
  })
})
