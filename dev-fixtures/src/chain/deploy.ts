/**
 * Deploys the dev contracts on a fresh anvil chain: from dev account #0 at nonces 0, 1 and 2, so every dev
 * chain has them at the same addresses.
 * @module
 */
import {
  createWalletClient,
  defineChain,
  getContractAddress,
  type Hash,
  http,
  parseUnits,
  publicActions,
  testActions,
} from 'viem'
import { devNFTAbi, devNFTBytecode } from './artifacts/DevNFT.ts'
import { devTokenAbi, devTokenBytecode } from './artifacts/DevToken.ts'
import { DEV_ACCOUNTS, type DevTokenInfo } from './devChain.ts'

/** The ERC-20s, in deployment order (nonces 0 and 1); the NFT follows at nonce 2. */
export const DEV_TOKENS = [
  { symbol: 'KFT', name: 'Keyframe Token', decimals: 18 },
  { symbol: 'kUSD', name: 'Keyframe USD', decimals: 6 },
] as const

/** What each of dev accounts #0–#2 holds after deployment: of each token, and one NFT. */
export const SEED_TOKEN_AMOUNT = '10000'

export type DeployedContracts = { tokens: DevTokenInfo[]; nft: `0x${string}` }

/**
 * A client acting as a dev account (default #0) through anvil's unlocked accounts (`eth_sendTransaction`,
 * anvil fills the nonce), with anvil's test actions.
 */
export function devClient(
  { chainId, rpcUrl }: { chainId: number; rpcUrl: string },
  account: `0x${string}` = DEV_ACCOUNTS[0],
) {
  return createWalletClient({
    account,
    chain: defineChain({
      id: chainId,
      name: `anvil ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }),
    transport: http(rpcUrl),
    pollingInterval: 50,
  })
    .extend(publicActions)
    .extend(testActions({ mode: 'anvil' }))
}

const turns = new Map<string, Promise<unknown>>()

/**
 * Runs `task` once the previous task for `rpcUrl` has settled. Anvil gives two `eth_sendTransaction` from one
 * account in flight at once the same nonce ("nonce too low"), so account #0's sends take turns.
 */
export function inTurn<T>(rpcUrl: string, task: () => Promise<T>): Promise<T> {
  const run = (turns.get(rpcUrl) ?? Promise.resolve()).then(task)
  turns.set(
    rpcUrl,
    run.catch(() => {}),
  )
  return run
}

/** Waits for every transaction and throws if one reverted. */
export async function confirm(client: ReturnType<typeof devClient>, hashes: Hash[]): Promise<void> {
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
  const failed = receipts.find((receipt) => receipt.status !== 'success')
  if (failed) throw new Error(`Transaction ${failed.transactionHash} reverted`)
}

/**
 * Deploys KFT, kUSD and KFNFT, then seeds dev accounts #0–#2 with {@link SEED_TOKEN_AMOUNT} of each token and
 * one NFT each.
 * @throws Error when account #0 has already sent a transaction on this chain (the addresses would differ).
 */
export async function deployDevContracts(chain: {
  chainId: number
  rpcUrl: string
}): Promise<DeployedContracts> {
  const client = devClient(chain)
  const from = DEV_ACCOUNTS[0]
  const nonce = await client.getTransactionCount({ address: from, blockTag: 'pending' })
  if (nonce !== 0) throw new Error(`Dev contracts need a fresh chain: ${from} already has nonce ${nonce}`)

  const hashes: Hash[] = []
  for (const [index, token] of DEV_TOKENS.entries()) {
    hashes.push(
      await client.deployContract({
        abi: devTokenAbi,
        bytecode: devTokenBytecode,
        args: [token.name, token.symbol, token.decimals],
        nonce: index,
      }),
    )
  }
  hashes.push(
    await client.deployContract({ abi: devNFTAbi, bytecode: devNFTBytecode, nonce: DEV_TOKENS.length }),
  )
  await confirm(client, hashes)
  const at = (nonce: number) => getContractAddress({ from, nonce: BigInt(nonce) })
  const tokens = DEV_TOKENS.map((token, index) => ({ ...token, address: at(index) }))
  const nft = at(DEV_TOKENS.length)

  const seeds: Hash[] = []
  for (const account of DEV_ACCOUNTS) {
    for (const token of tokens) {
      seeds.push(
        await client.writeContract({
          address: token.address,
          abi: devTokenAbi,
          functionName: 'mint',
          args: [account, parseUnits(SEED_TOKEN_AMOUNT, token.decimals)],
        }),
      )
    }
    seeds.push(
      await client.writeContract({ address: nft, abi: devNFTAbi, functionName: 'mint', args: [account] }),
    )
  }
  await confirm(client, seeds)
  return { tokens, nft }
}
