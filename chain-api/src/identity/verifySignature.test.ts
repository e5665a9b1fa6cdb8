import { type Anvil, startAnvil } from '@keyframe/dev-fixtures'
import { createPublicClient, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installContractAccount } from './testing/contractAccount.ts'
import { verifySignature } from './verifySignature.ts'

const signer = privateKeyToAccount(generatePrivateKey())
const other = privateKeyToAccount(generatePrivateKey())

describe('verifySignature', () => {
  test('default', async () => {
    const signature = await signer.signMessage({ message: 'hello' })
    expect(await verifySignature({ address: signer.address, message: 'hello', signature })).toBe(true)
  })

  test('behavior: the address may be in any case', async () => {
    const signature = await signer.signMessage({ message: 'hello' })
    expect(
      await verifySignature({
        address: signer.address.toLowerCase() as `0x${string}`,
        message: 'hello',
        signature,
      }),
    ).toBe(true)
  })

  test('error: another signer, another message, or bytes that are no signature', async () => {
    const signature = await signer.signMessage({ message: 'hello' })
    expect(await verifySignature({ address: other.address, message: 'hello', signature })).toBe(false)
    expect(await verifySignature({ address: signer.address, message: 'hello!', signature })).toBe(false)
    expect(
      await verifySignature({ address: signer.address, message: 'hello', signature: `0x${'00'.repeat(65)}` }),
    ).toBe(false)
    expect(
      await verifySignature({
        address: signer.address,
        message: 'hello',
        signature: `0x${'ab'.repeat(200)}`,
      }),
    ).toBe(false)
  })

  test('error: a chain that does not answer proves nothing', async () => {
    const client = createPublicClient({
      transport: http('http://127.0.0.1:9', { retryCount: 0 }),
    }) as PublicClient
    expect(
      await verifySignature({
        address: signer.address,
        message: 'hello',
        signature: `0x${'ab'.repeat(65)}`,
        client,
      }),
    ).toBe(false)
  })
})

describe('verifySignature: contract accounts (anvil)', () => {
  let anvil: Anvil
  let client: PublicClient
  const account = '0x00000000000000000000000000000000000C0DE1' as const // not a valid checksum: case must not matter
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) }) as PublicClient
    await installContractAccount(anvil.rpcUrl, account, 'approved text')
  })
  afterAll(() => anvil?.close())

  test('behavior: a contract account signs what its ERC-1271 check approves', async () => {
    const signature = `0x${'12'.repeat(65)}`
    expect(await verifySignature({ address: account, message: 'approved text', signature, client })).toBe(
      true,
    )
  })

  test('error: what the contract does not approve is refused, and without the chain nothing is proven', async () => {
    const signature = `0x${'12'.repeat(65)}`
    expect(await verifySignature({ address: account, message: 'other text', signature, client })).toBe(false)
    expect(await verifySignature({ address: account, message: 'approved text', signature })).toBe(false)
  })
})
