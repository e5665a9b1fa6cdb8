/**
 * Contract accounts on the dev chains, for checks of ERC-1271 and ERC-6492 signatures: the SmartAccountFactory
 * (`contracts/SmartAccountFactory.sol`) deploys a one-owner account at a CREATE2 address known in advance,
 * so a test has a deployed contract account and a counterfactual (not yet deployed) one.
 * @module
 */
import {
  encodeFunctionData,
  getContractAddress,
  type Hex,
  hashMessage,
  serializeErc6492Signature,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { smartAccountFactoryAbi, smartAccountFactoryBytecode } from './artifacts/SmartAccountFactory.ts'
import { confirm, devClient, inTurn } from './deploy.ts'

/** Anvil dev account #9: deploys the factory (its only use), so no other dev account's nonce moves. */
const DEPLOYER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' as const

type Chain = { chainId: number; rpcUrl: string }

/** A contract account of `owner`: where it is (or will be) and the factory call that deploys it. */
export type SmartAccountInfo = {
  address: `0x${string}`
  factory: `0x${string}`
  /** The factory's `createAccount(owner, salt)` calldata: what an ERC-6492 signature carries. */
  factoryData: Hex
}

/** Deploys the SmartAccountFactory from dev account #9 and answers its address. */
export async function deploySmartAccountFactory(chain: Chain): Promise<`0x${string}`> {
  const client = devClient(chain, DEPLOYER)
  return inTurn(`${chain.rpcUrl} ${DEPLOYER}`, async () => {
    const nonce = await client.getTransactionCount({ address: DEPLOYER, blockTag: 'pending' })
    const hash = await client.deployContract({
      abi: smartAccountFactoryAbi,
      bytecode: smartAccountFactoryBytecode,
    })
    await confirm(client, [hash])
    return getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce) })
  })
}

/** The account of `owner` and `salt` made by `factory`, deployed or not (read from the factory). */
export async function smartAccount(
  chain: Chain,
  factory: `0x${string}`,
  owner: `0x${string}`,
  salt: Hex,
): Promise<SmartAccountInfo> {
  const address = await devClient(chain).readContract({
    address: factory,
    abi: smartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, salt],
  })
  const factoryData = encodeFunctionData({
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, salt],
  })
  return { address, factory, factoryData }
}

/** Deploys `account` through its factory (dev account #9 sends the call). */
export async function deploySmartAccount(chain: Chain, account: SmartAccountInfo): Promise<void> {
  const client = devClient(chain, DEPLOYER)
  const hash = await inTurn(`${chain.rpcUrl} ${DEPLOYER}`, () =>
    client.sendTransaction({ to: account.factory, data: account.factoryData }),
  )
  await confirm(client, [hash])
}

/**
 * `owner`'s signature of `message` (EIP-191 `personal_sign` text) for the contract account: the owner's key
 * over the message's hash, which the account's ERC-1271 check accepts. `counterfactual` wraps it in ERC-6492
 * with the factory call, for an account not deployed yet.
 */
export async function signAsSmartAccount(
  owner: PrivateKeyAccount,
  account: SmartAccountInfo,
  message: string,
  { counterfactual = false }: { counterfactual?: boolean } = {},
): Promise<Hex> {
  const signature = await owner.sign({ hash: hashMessage(message) })
  return counterfactual
    ? serializeErc6492Signature({ address: account.factory, data: account.factoryData, signature })
    : signature
}
