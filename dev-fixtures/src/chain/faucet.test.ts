import { createPublicClient, formatEther, formatUnits, http } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { devNFTAbi } from './artifacts/DevNFT.ts'
import { devTokenAbi } from './artifacts/DevToken.ts'
import { spamNFTAbi } from './artifacts/SpamNFT.ts'
import { type Faucet, fund, startFaucet } from './faucet.ts'
import { type DevChains, startChains } from './startChains.ts'

const DAPP_ORIGIN = 'http://127.0.0.1:5173'
let world: DevChains
let faucet: Faucet
beforeAll(async () => {
  world = await startChains()
  faucet = await startFaucet({ chains: world.chains, allowedOrigins: [DAPP_ORIGIN] })
})
afterAll(async () => {
  await faucet?.close()
  await world?.close()
})

const balances = (address: `0x${string}`) =>
  Promise.all(
    world.chains.map(async (chain) => {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const tokens = await Promise.all(
        chain.tokens.map(async (token) => {
          const balance = await client.readContract({
            address: token.address,
            abi: devTokenAbi,
            functionName: 'balanceOf',
            args: [address],
          })
          return [token.symbol, formatUnits(balance, token.decimals)]
        }),
      )
      return { ETH: formatEther(await client.getBalance({ address })), ...Object.fromEntries(tokens) }
    }),
  )

const post = (body: string, origin = DAPP_ORIGIN) =>
  fetch(`${faucet.url}/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body,
  })

test('POST /fund gives the address 100 ETH, 1000 KFT and 1000 kUSD on both chains', async () => {
  const address = '0x00000000000000000000000000000000000a11ce'
  expect(await balances(address)).toEqual([
    { ETH: '0', KFT: '0', kUSD: '0' },
    { ETH: '0', KFT: '0', kUSD: '0' },
  ])
  const response = await post(JSON.stringify({ address }))
  expect(response.status).toBe(200)
  expect(response.headers.get('access-control-allow-origin')).toBe(DAPP_ORIGIN)
  expect(await response.json()).toEqual({ funded: true })
  expect(await balances(address)).toEqual([
    { ETH: '100', KFT: '1000', kUSD: '1000' },
    { ETH: '100', KFT: '1000', kUSD: '1000' },
  ])
})

test('an address in any casing is funded, even with a checksum viem would refuse', async () => {
  const response = await post(JSON.stringify({ address: '0x00000000000000000000000000000000000A11cE' }))
  expect(response.status).toBe(200)
  expect((await balances('0x00000000000000000000000000000000000a11ce'))[0]).toMatchObject({ KFT: '2000' })
})

test('fund() from Node, several at once, each mints its own share', async () => {
  const addresses = [
    '0x00000000000000000000000000000000000000b0',
    '0x00000000000000000000000000000000000000b1',
  ] as const
  await Promise.all([...addresses, addresses[0]].map((address) => fund(world.chains, address)))
  expect(await balances(addresses[0])).toEqual([
    { ETH: '100', KFT: '2000', kUSD: '2000' },
    { ETH: '100', KFT: '2000', kUSD: '2000' },
  ])
  expect((await balances(addresses[1]))[1]).toEqual({ ETH: '100', KFT: '1000', kUSD: '1000' })
})

test('a missing or malformed address is refused with 400 and says why', async () => {
  for (const body of [
    JSON.stringify({ address: '0x1234' }),
    JSON.stringify({ address: 'alice.eth' }),
    JSON.stringify({ address: `0x${'g'.repeat(40)}` }),
    JSON.stringify({}),
    JSON.stringify(null),
  ]) {
    const response = await post(body)
    expect(response.status, body).toBe(400)
    expect(((await response.json()) as { error: string }).error).toMatch(
      /^Invalid address .*: expected "0x" followed by 40 hex digits$/,
    )
  }
  const malformed = await post('{"address":')
  expect(malformed.status).toBe(400)
  expect(await malformed.json()).toEqual({ error: 'Malformed JSON in request body' })
})

test('the CORS preflight allows the dApp origin only', async () => {
  const preflight = (origin: string) =>
    fetch(`${faucet.url}/fund`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
  const allowed = await preflight(DAPP_ORIGIN)
  expect(allowed.status).toBe(204)
  expect(allowed.headers.get('access-control-allow-origin')).toBe(DAPP_ORIGIN)
  expect(allowed.headers.get('access-control-allow-methods')).toContain('POST')
  expect(allowed.headers.get('access-control-allow-headers')).toContain('content-type')
  const other = await preflight('http://evil.example')
  expect(other.headers.get('access-control-allow-origin')).toBeNull()
})

test('GET /health answers', async () => {
  const response = await fetch(`${faucet.url}/health`)
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ ok: true })
})

test('fund() gives one Keyframe NFT and one spam NFT on each chain', async () => {
  const address = '0x00000000000000000000000000000000000000c0'
  await fund(world.chains, address)
  for (const chain of world.chains) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const args = [address] as const
    const held = await Promise.all([
      client.readContract({ address: chain.nft, abi: devNFTAbi, functionName: 'balanceOf', args }),
      client.readContract({ address: chain.spamNft, abi: spamNFTAbi, functionName: 'balanceOf', args }),
    ])
    expect(held).toEqual([1n, 1n])
  }
})
