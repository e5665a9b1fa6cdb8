import { SERVER_TIMEOUTS } from '@keyframe/server-kit'
import { stalledRequest } from '@keyframe/server-kit/testing/stalledRequest'
import { describe, expect, it } from 'vitest'
import { createConfig } from './config.ts'
import { gatewayModule } from './gateway/module.ts'
import { silentLogger } from './logger.ts'
import type { ChainApiModule } from './module.ts'
import { startChainApi } from './serve.ts'
import { supportedModule } from './supported/module.ts'

describe('startChainApi', () => {
  it('serves /healthz, runs background work while up and stops it on close', {
    timeout: 90_000,
  }, async () => {
    const events: string[] = []
    const worker: ChainApiModule = {
      name: 'worker',
      routes() {},
      start(ctx) {
        events.push(`start ${ctx.config.publicUrl}`)
        return async () => {
          events.push('stop')
        }
      },
    }
    const api = await startChainApi({
      config: createConfig({ publicUrl: 'http://chain.test' }),
      modules: [supportedModule, worker],
      logger: silentLogger,
    })
    expect(events).toEqual(['start http://chain.test'])
    const health = await fetch(`${api.url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ ok: true })
    expect(health.headers.get('x-content-type-options')).toBe('nosniff')
    await api.close()
    expect(events).toEqual(['start http://chain.test', 'stop'])
    await expect(fetch(`${api.url}/healthz`)).rejects.toThrow()
  })

  it('does not start background work when asked not to, and can use its own URL as the public URL', {
    timeout: 90_000,
  }, async () => {
    let started = false
    const api = await startChainApi({
      config: createConfig(),
      modules: [
        {
          name: 'worker',
          routes() {},
          start() {
            started = true
            return async () => {}
          },
        },
      ],
      background: false,
      selfPublicUrl: true,
      logger: silentLogger,
    })
    await api.close()
    expect(started).toBe(false)
    // With port 0 the URL is only known once listening; selfPublicUrl makes it the public URL.
    expect(api.ctx.config.publicUrl).toBe(api.url)
  })

  it('closes a gateway call whose body never arrives (408) within a few seconds', {
    timeout: 90_000,
  }, async () => {
    const api = await startChainApi({
      config: createConfig({
        chains: [
          {
            id: 31337,
            name: 'Never asked',
            rpcUrl: 'http://127.0.0.1:9',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
        projects: [{ id: 'p', allowedOrigins: [] }],
      }),
      modules: [gatewayModule],
      logger: silentLogger,
    })
    try {
      const { answer, ms } = await stalledRequest(api.url, '/v1/?chainId=eip155:31337&projectId=p')
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(ms).toBeLessThan(SERVER_TIMEOUTS.requestTimeout + 1_500)
    } finally {
      await api.close()
    }
  })

  it('refuses two modules with the same name', async () => {
    await expect(
      startChainApi({
        config: createConfig(),
        modules: [supportedModule, supportedModule],
        logger: silentLogger,
      }),
    ).rejects.toThrow('Duplicate chain-api module: supported')
  })
})
