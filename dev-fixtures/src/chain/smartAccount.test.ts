import { hashMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { devClient } from './deploy.ts'
import {
  deploySmartAccount,
  deploySmartAccountFactory,
  signAsSmartAccount,
  smartAccount,
} from './smartAccount.ts'

let anvil: Anvil
let factory: `0x${string}`
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_989 })
  factory = await deploySmartAccountFactory(anvil)
})
afterAll(() => anvil?.close())

const isValidSignatureAbi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ type: 'bytes4' }],
  },
] as const

test('the account appears at the address the factory gave before; ERC-1271 says yes to its owner only', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await smartAccount(anvil, factory, owner.address, `0x${'00'.repeat(31)}07`)
  const client = devClient(anvil)
  expect(await client.getCode({ address: account.address })).toBeUndefined()
  await deploySmartAccount(anvil, account)
  expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/)

  const message = 'hello'
  const check = (signature: `0x${string}`) =>
    client.readContract({
      address: account.address,
      abi: isValidSignatureAbi,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    })
  expect(await check(await signAsSmartAccount(owner, account, message))).toBe('0x1626ba7e')
  const stranger = privateKeyToAccount(generatePrivateKey())
  expect(await check(await signAsSmartAccount(stranger, account, message))).toBe('0xffffffff')
  expect(await check('0x1234')).toBe('0xffffffff')
})

test('a counterfactual signature is the owner’s wrapped in ERC-6492 with the factory call', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await smartAccount(anvil, factory, owner.address, `0x${'00'.repeat(31)}08`)
  const signature = await signAsSmartAccount(owner, account, 'hello', { counterfactual: true })
  expect(signature.endsWith('6492'.repeat(16))).toBe(true)
  expect(signature).toContain(account.factoryData.slice(2))
  expect(signature).toContain(factory.slice(2).toLowerCase())
})
