import { type DevChains, startChains } from '@keyframe/dev-fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedModule } from '../supported/module.ts'
import { startTestChainApi, type TestChainApi } from './harness.ts'

describe('startTestChainApi over the dev chains', () => {
  let chains: DevChains
  let api: TestChainApi
  beforeAll(async () => {
    chains = await startChains()
    api = await startTestChainApi({ chains: chains.chains, modules: [supportedModule] })
  }, 120_000)
  afterAll(async () => {
    await api?.close()
    await chains?.close()
  }, 30_000)

  it('configures both chains with their tokens, Uniswap V2 where deployed, and the dev prices', async () => {
    const local = chains.chains[0]!
    const kusd = local.tokens.find((t) => t.symbol === 'kUSD')!
    const configured = api.ctx.chains.get('eip155:31337')
    expect(configured).toMatchObject({ id: 31337, rpcUrl: local.rpcUrl, testnet: true, tokens: local.tokens })
    if (local.uniswap) expect(configured?.uniswapV2).toEqual(local.uniswap)
    expect(api.ctx.config.prices['eip155:31337/slip44:60']).toBe(3000)
    expect(api.ctx.config.prices[`eip155:31337/erc20:${kusd.address.toLowerCase()}`]).toBe(1)
    // The registry's client talks to the real node.
    expect(await configured?.client.getChainId()).toBe(31337)
    expect(api.ctx.chains.get('eip155:1')).toBeUndefined()
  })

  it('sends what the SDK sends and points public URLs at itself', async () => {
    const res = await api.get('/v1/supported-chains')
    expect(res.headers.get('access-control-allow-origin')).toBe(api.project.origin)
    expect(await res.json()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    expect(api.ctx.config.publicUrl).toBe(api.url)
  })
})
