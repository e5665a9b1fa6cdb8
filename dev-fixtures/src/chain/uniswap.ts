/**
 * A Uniswap V2 deployment on the main dev chain: WETH9, UniswapV2Factory and UniswapV2Router02 from the
 * published npm artifacts (`@uniswap/v2-core@1.0.1`, `@uniswap/v2-periphery@1.1.0-beta.0`), plus ETH/kUSD and
 * KFT/kUSD pools, so swaps, quotes and pool-derived prices work offline.
 * @module
 */
import { createRequire } from 'node:module'
import { type Abi, getContractAddress, type Hash, parseEther, parseUnits } from 'viem'
import { devTokenAbi } from './artifacts/DevToken.ts'
import { confirm, devClient } from './deploy.ts'
import { DEV_ACCOUNTS, type DevTokenInfo, type UniswapV2Deployment } from './devChain.ts'

/**
 * The pools' opening reserves, in token units: the prices the dev stack starts with (3000 kUSD per ETH, 2 kUSD
 * per KFT) and depth enough that a test swap of a few ETH or a few thousand KFT barely moves them.
 */
export const UNISWAP_POOLS = {
  ethKusd: { ETH: '1000', kUSD: '3000000' },
  kftKusd: { KFT: '1000000', kUSD: '2000000' },
} as const

type Artifact = { abi: Abi; bytecode: `0x${string}` }

const require = createRequire(import.meta.url)

/** Reads a Truffle/Waffle build file; its bytecode is stored without the `0x`. */
function artifact(path: string): Artifact {
  const json: unknown = require(path)
  if (
    typeof json !== 'object' ||
    json === null ||
    !('abi' in json) ||
    !Array.isArray(json.abi) ||
    !('bytecode' in json) ||
    typeof json.bytecode !== 'string' ||
    !/^(0x)?[0-9a-f]+$/i.test(json.bytecode)
  ) {
    throw new Error(`Not a contract artifact: ${path}`)
  }
  const hex = json.bytecode.startsWith('0x') ? json.bytecode.slice(2) : json.bytecode
  return { abi: json.abi as Abi, bytecode: `0x${hex}` }
}

/**
 * Deploys WETH9, the factory (fee setter: dev account #0) and Router02 from dev account #0 at its next three
 * nonces, then opens the ETH/kUSD and KFT/kUSD pools at {@link UNISWAP_POOLS} with tokens minted to #0 for the
 * purpose (its own seeded balances are left as they were). On a chain freshly set up by `deployDevContracts`
 * the nonces, and so the addresses, are always the same.
 * @throws Error when `tokens` lacks KFT or kUSD, or a transaction reverts.
 */
export async function deployUniswapV2(
  chain: { chainId: number; rpcUrl: string },
  tokens: DevTokenInfo[],
): Promise<UniswapV2Deployment> {
  const kft = tokens.find((token) => token.symbol === 'KFT')
  const kusd = tokens.find((token) => token.symbol === 'kUSD')
  if (!kft || !kusd) throw new Error('Uniswap pools need the KFT and kUSD dev tokens')

  const client = devClient(chain)
  const from = DEV_ACCOUNTS[0]
  const weth9 = artifact('@uniswap/v2-periphery/build/WETH9.json')
  const factoryArtifact = artifact('@uniswap/v2-core/build/UniswapV2Factory.json')
  const routerArtifact = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')

  const nonce = await client.getTransactionCount({ address: from, blockTag: 'pending' })
  const at = (offset: number) => getContractAddress({ from, nonce: BigInt(nonce + offset) })
  const deployment: UniswapV2Deployment = { weth: at(0), factory: at(1), router: at(2) }
  // Explicit nonces: the three go out without waiting for each other, and the addresses above must hold.
  await confirm(client, [
    await client.deployContract({ ...weth9, nonce }),
    await client.deployContract({ ...factoryArtifact, args: [from], nonce: nonce + 1 }),
    await client.deployContract({
      ...routerArtifact,
      args: [deployment.factory, deployment.weth],
      nonce: nonce + 2,
    }),
  ])

  const kusdForPools =
    parseUnits(UNISWAP_POOLS.ethKusd.kUSD, kusd.decimals) +
    parseUnits(UNISWAP_POOLS.kftKusd.kUSD, kusd.decimals)
  const kftForPool = parseUnits(UNISWAP_POOLS.kftKusd.KFT, kft.decimals)
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const setup: Hash[] = []
  for (const [token, amount] of [
    [kusd, kusdForPools],
    [kft, kftForPool],
  ] as const) {
    setup.push(
      await client.writeContract({
        address: token.address,
        abi: devTokenAbi,
        functionName: 'mint',
        args: [from, amount],
      }),
      await client.writeContract({
        address: token.address,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [deployment.router, amount],
      }),
    )
  }
  await confirm(client, setup)
  // The pair contracts are created by these two calls; the router reverts if a reserve would be zero.
  await confirm(client, [
    await client.writeContract({
      address: deployment.router,
      abi: routerArtifact.abi,
      functionName: 'addLiquidityETH',
      args: [kusd.address, parseUnits(UNISWAP_POOLS.ethKusd.kUSD, kusd.decimals), 0n, 0n, from, deadline],
      value: parseEther(UNISWAP_POOLS.ethKusd.ETH),
    }),
    await client.writeContract({
      address: deployment.router,
      abi: routerArtifact.abi,
      functionName: 'addLiquidity',
      args: [
        kft.address,
        kusd.address,
        kftForPool,
        parseUnits(UNISWAP_POOLS.kftKusd.kUSD, kusd.decimals),
        0n,
        0n,
        from,
        deadline,
      ],
    }),
  ])
  return deployment
}
