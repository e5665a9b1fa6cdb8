/**
 * The dev chains' spam NFT ("Claim Rewards Pass", CLAIM): an unsolicited airdrop, so a wallet's NFTs and
 * activity can show it hidden (the dev stack's chain-api lists it in `spamContracts`). Deployed by anvil's
 * dev account #7 at its nonce 0, so it is at the same address on every dev chain, and no other dev contract
 * moves.
 * @module
 */
import { getContractAddress, type Hash } from 'viem'
import { spamNFTAbi, spamNFTBytecode } from './artifacts/SpamNFT.ts'
import { confirm, devClient, inTurn } from './deploy.ts'
import { DEV_ACCOUNTS } from './devChain.ts'

/** Anvil dev account #7 (mnemonic `test test … junk`): deploys and mints the spam NFT, nothing else. */
export const SPAM_NFT_OWNER = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955' as const

/** Where the spam NFT is on every dev chain. */
export const SPAM_NFT_ADDRESS = getContractAddress({ from: SPAM_NFT_OWNER, nonce: 0n })

/** Mints one spam NFT to `to`, in the owner's turn (anvil would give two sends in flight the same nonce). */
export async function mintSpamNft(chain: { chainId: number; rpcUrl: string }, to: `0x${string}`) {
  const client = devClient(chain, SPAM_NFT_OWNER)
  const hash = await inTurn(`${chain.rpcUrl} ${SPAM_NFT_OWNER}`, () =>
    client.writeContract({ address: SPAM_NFT_ADDRESS, abi: spamNFTAbi, functionName: 'mint', args: [to] }),
  )
  await confirm(client, [hash])
}

/**
 * Deploys the spam NFT on a fresh dev chain and airdrops one to each of dev accounts #0–#2.
 * @throws Error when account #7 has already sent a transaction on this chain (the address would differ).
 */
export async function deploySpamNft(chain: { chainId: number; rpcUrl: string }): Promise<`0x${string}`> {
  const client = devClient(chain, SPAM_NFT_OWNER)
  const nonce = await client.getTransactionCount({ address: SPAM_NFT_OWNER, blockTag: 'pending' })
  if (nonce !== 0) throw new Error(`The spam NFT needs a fresh chain: ${SPAM_NFT_OWNER} has nonce ${nonce}`)
  await confirm(client, [
    await client.deployContract({ abi: spamNFTAbi, bytecode: spamNFTBytecode, nonce: 0 }),
  ])
  const mints: Hash[] = []
  for (const account of DEV_ACCOUNTS)
    mints.push(
      await client.writeContract({
        address: SPAM_NFT_ADDRESS,
        abi: spamNFTAbi,
        functionName: 'mint',
        args: [account],
        nonce: mints.length + 1,
      }),
    )
  await confirm(client, mints)
  return SPAM_NFT_ADDRESS
}
