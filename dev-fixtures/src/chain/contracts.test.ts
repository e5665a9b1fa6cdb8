import { maxUint256, parseEventLogs } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { devNFTAbi } from './artifacts/DevNFT.ts'
import { devTokenAbi } from './artifacts/DevToken.ts'
import { type DeployedContracts, deployDevContracts, devClient } from './deploy.ts'
import { DEV_ACCOUNTS } from './devChain.ts'

const [deployer, alice, bob] = DEV_ACCOUNTS
let anvil: Anvil
let contracts: DeployedContracts
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_990 })
  contracts = await deployDevContracts(anvil)
})
afterAll(() => anvil?.close())

/** Sends as an anvil dev account (unlocked) and returns the receipt, so reverts show as rejections. */
const as = (account: `0x${string}`) => devClient(anvil, account)
const kft = () => contracts.tokens[0]!.address
const tokenBalance = (address: `0x${string}`) =>
  as(deployer).readContract({ address: kft(), abi: devTokenAbi, functionName: 'balanceOf', args: [address] })

test('ERC-20: transfer, approve and transferFrom move balances, spend allowance and emit the events', async () => {
  const client = as(alice)
  const before = await tokenBalance(bob)
  const transfer = await client.writeContract({
    address: kft(),
    abi: devTokenAbi,
    functionName: 'transfer',
    args: [bob, 5n],
  })
  const receipt = await client.waitForTransactionReceipt({ hash: transfer })
  expect(parseEventLogs({ abi: devTokenAbi, logs: receipt.logs })).toMatchObject([
    { eventName: 'Transfer', args: { from: alice, to: bob, value: 5n } },
  ])
  expect(await tokenBalance(bob)).toBe(before + 5n)

  await client.waitForTransactionReceipt({
    hash: await client.writeContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'approve',
      args: [bob, 10n],
    }),
  })
  const spender = as(bob)
  await spender.waitForTransactionReceipt({
    hash: await spender.writeContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'transferFrom',
      args: [alice, bob, 4n],
    }),
  })
  expect(
    await client.readContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'allowance',
      args: [alice, bob],
    }),
  ).toBe(6n)
  await expect(
    spender.simulateContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'transferFrom',
      args: [alice, bob, 7n],
    }),
  ).rejects.toThrow(/ERC20InsufficientAllowance/)
})

test('ERC-20: an unlimited allowance is never spent down; overspending a balance reverts', async () => {
  const client = as(alice)
  await client.waitForTransactionReceipt({
    hash: await client.writeContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'approve',
      args: [bob, maxUint256],
    }),
  })
  const spender = as(bob)
  await spender.waitForTransactionReceipt({
    hash: await spender.writeContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'transferFrom',
      args: [alice, bob, 1n],
    }),
  })
  expect(
    await client.readContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'allowance',
      args: [alice, bob],
    }),
  ).toBe(maxUint256)
  await expect(
    client.simulateContract({
      address: kft(),
      abi: devTokenAbi,
      functionName: 'transfer',
      args: [bob, (await tokenBalance(alice)) + 1n],
    }),
  ).rejects.toThrow(/ERC20InsufficientBalance/)
})

test('only the deployer mints, tokens and NFTs alike', async () => {
  const client = as(alice)
  await expect(
    client.simulateContract({ address: kft(), abi: devTokenAbi, functionName: 'mint', args: [alice, 1n] }),
  ).rejects.toThrow(/OwnableUnauthorizedAccount/)
  await expect(
    client.simulateContract({ address: contracts.nft, abi: devNFTAbi, functionName: 'mint', args: [alice] }),
  ).rejects.toThrow(/OwnableUnauthorizedAccount/)
})

test('ERC-721: mint returns the next id; an approved operator transfers; the token URI is empty', async () => {
  const owner = as(deployer)
  const { result: id, request } = await owner.simulateContract({
    address: contracts.nft,
    abi: devNFTAbi,
    functionName: 'mint',
    args: [alice],
  })
  expect(id).toBe(4n) // #1–#3 went to dev accounts #0–#2 at deployment
  await owner.waitForTransactionReceipt({ hash: await owner.writeContract(request) })
  expect(
    await owner.readContract({ address: contracts.nft, abi: devNFTAbi, functionName: 'ownerOf', args: [id] }),
  ).toBe(alice)
  expect(
    await owner.readContract({
      address: contracts.nft,
      abi: devNFTAbi,
      functionName: 'tokenURI',
      args: [id],
    }),
  ).toBe('')

  const holder = as(alice)
  const approval = await holder.waitForTransactionReceipt({
    hash: await holder.writeContract({
      address: contracts.nft,
      abi: devNFTAbi,
      functionName: 'setApprovalForAll',
      args: [bob, true],
    }),
  })
  expect(parseEventLogs({ abi: devNFTAbi, logs: approval.logs })).toMatchObject([
    { eventName: 'ApprovalForAll', args: { owner: alice, operator: bob, approved: true } },
  ])
  const operator = as(bob)
  await operator.waitForTransactionReceipt({
    hash: await operator.writeContract({
      address: contracts.nft,
      abi: devNFTAbi,
      functionName: 'safeTransferFrom',
      args: [alice, bob, id],
    }),
  })
  expect(
    await owner.readContract({ address: contracts.nft, abi: devNFTAbi, functionName: 'ownerOf', args: [id] }),
  ).toBe(bob)
  expect(
    await owner.readContract({
      address: contracts.nft,
      abi: devNFTAbi,
      functionName: 'supportsInterface',
      args: ['0x80ac58cd'],
    }),
  ).toBe(true)
})
