/**
 * Issue 12: a smuggled gateway method never reaches the node. A compromised dApp page (an allowed origin of
 * the project) posts to chain-api's RPC gateway bodies whose allowed `method` hides a state-changing one —
 * a second `"method"` (`JSON.parse` keeps the last, a node may keep the first) or a `"Method"` (a node that
 * matches names without case reads it) — on their own and in a batch. The gateway answers each with -32600
 * naming the member, and the chain, read straight from anvil, did not change. The control posts to anvil
 * directly: the hidden methods do change this chain, so the reads can fail; anvil itself refuses the
 * smuggled bytes with its own nameless "Invalid request", which a byte-forwarding gateway would hand back.
 * @module
 */
import type { Stack } from '@keyframe/devstack'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

const CHAIN_ID = 31337

/** Bodies whose allowed method (what `JSON.parse` sees) hides a state-changing one, for `victim`. */
function smuggled(victim: string) {
  return {
    secondMethod: `{"jsonrpc":"2.0","id":1,"method":"anvil_mine","params":["0x5"],"method":"eth_blockNumber"}`,
    capitalMethod: `{"jsonrpc":"2.0","id":2,"method":"eth_chainId","Method":"evm_mine"}`,
    setBalance: `{"jsonrpc":"2.0","id":4,"method":"anvil_setBalance","params":["${victim}","0x1"],"method":"eth_getBalance"}`,
  }
}

/** The chain's state the smuggled methods would change, read straight from the node. */
async function chainState(stack: Stack, victim: `0x${string}`) {
  const client = chainClient(stack, CHAIN_ID)
  return { block: await client.getBlockNumber(), balance: await client.getBalance({ address: victim }) }
}

/** POSTs `body` from the dApp page to the gateway, as the page's own script would. */
function postFromPage(page: Page, stack: Stack, body: string): Promise<unknown> {
  const url = `${stack.chainApiUrl}/v1/?chainId=eip155:${CHAIN_ID}&projectId=${stack.projectId}`
  return page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      return { status: response.status, body: await response.json() }
    },
    { url, body },
  )
}

async function postToNode(stack: Stack, body: string): Promise<unknown> {
  const node = stack.chains.find((c) => c.chainId === CHAIN_ID)!
  const response = await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return response.json()
}

const refused = (id: number, member: string, why: 'duplicate' | 'unknown') => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32600, message: `Invalid Request: ${why} member "${member}"` },
})

test('security: a method smuggled through a second "method" or a "Method" is refused by the gateway, alone and in a batch, and the chain does not change', async ({
  page,
  stack,
}) => {
  const victim = privateKeyToAccount(generatePrivateKey()).address
  const bodies = smuggled(victim)
  // What an allowlist that parses the body and forwards its bytes would check: allowed methods only.
  expect(Object.values(bodies).map((body) => JSON.parse(body).method)).toEqual([
    'eth_blockNumber',
    'eth_chainId',
    'eth_getBalance',
  ])
  await page.goto(stack.dappUrl)
  const before = await chainState(stack, victim)

  expect(await postFromPage(page, stack, bodies.secondMethod)).toEqual({
    status: 200,
    body: refused(1, 'method', 'duplicate'),
  })
  expect(await postFromPage(page, stack, bodies.capitalMethod)).toEqual({
    status: 200,
    body: refused(2, 'Method', 'unknown'),
  })
  // In a batch the honest item is answered by the node; each smuggling item gets its own refusal.
  const batch = `[{"jsonrpc":"2.0","id":3,"method":"eth_blockNumber"},${bodies.setBalance},${bodies.secondMethod},${bodies.capitalMethod}]`
  expect(await postFromPage(page, stack, batch)).toEqual({
    status: 200,
    body: [
      { jsonrpc: '2.0', id: 3, result: `0x${before.block.toString(16)}` },
      refused(4, 'method', 'duplicate'),
      refused(1, 'method', 'duplicate'),
      refused(2, 'Method', 'unknown'),
    ],
  })

  expect(await chainState(stack, victim)).toEqual(before)
})

test('control: the hidden methods change this chain when the node gets them, and anvil answers the smuggled bytes with its own nameless refusal', async ({
  stack,
}) => {
  const victim = privateKeyToAccount(generatePrivateKey()).address
  const bodies = smuggled(victim)
  const before = await chainState(stack, victim)

  // The bytes a byte-forwarding gateway would pass on: anvil refuses them itself, naming nothing.
  for (const [id, body] of [
    [1, bodies.secondMethod],
    [2, bodies.capitalMethod],
    [4, bodies.setBalance],
  ] as const)
    expect(await postToNode(stack, body)).toEqual({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: 'Invalid request' },
    })
  expect(await chainState(stack, victim)).toEqual(before)

  // The hidden methods themselves do what the attack wants: the reads above would see it.
  await postToNode(stack, '{"jsonrpc":"2.0","id":5,"method":"evm_mine"}')
  await postToNode(stack, `{"jsonrpc":"2.0","id":6,"method":"anvil_setBalance","params":["${victim}","0x1"]}`)
  expect(await chainState(stack, victim)).toEqual({ block: before.block + 1n, balance: 1n })
})
