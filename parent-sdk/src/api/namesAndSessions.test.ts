/**
 * The names, identity and sessions clients against a real chain-api over one anvil chain (31337): accounts
 * sign with viem, as a wallet would.
 */

import { namesModule } from '@keyframe/chain-api/modules/names'
import { sessionsModule } from '@keyframe/chain-api/modules/sessions'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { type Anvil, startAnvil } from '@keyframe/dev-fixtures'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ChainApiError } from './chainApiError.ts'
import { createSession } from './createSession.ts'
import { getIdentity } from './getIdentity.ts'
import { getNameSuggestions } from './getNameSuggestions.ts'
import { getSessions } from './getSessions.ts'
import { lookupName } from './lookupName.ts'
import { registerName } from './registerName.ts'
import { reverseLookup } from './reverseLookup.ts'
import { revokeSession } from './revokeSession.ts'
import { anvilChain, startTestApi, type TestApi } from './testing/startTestApi.ts'

const CHAIN_ID = 31337
const CHAIN = `eip155:${CHAIN_ID}`
const AVATAR = 'https://images.example.test/ada.png'

// A real server over real chains on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let anvil: Anvil
let t: TestApi
beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  const chain = anvilChain(anvil.rpcUrl, { chainId: CHAIN_ID })
  t = await startTestApi({ chains: [chain], modules: [supportedModule, namesModule, sessionsModule] })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await anvil?.close()
})

/** A fresh wallet: an account nobody else in this file uses. */
function wallet() {
  const account = privateKeyToAccount(generatePrivateKey())
  return { address: account.address, signMessage: (message: string) => account.signMessage({ message }) }
}

/** A label no other test registers. */
function label(prefix: string) {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}`
}

describe('names and identity', () => {
  test('behavior: a registration resolves both ways and shows in identity at once, despite the caches', async () => {
    const ada = wallet()
    const name = label('ada')
    // Cached for 5 minutes: before the registration, nothing.
    expect(await getIdentity(t.api, { address: ada.address })).toEqual({ name: null, avatar: null })
    expect(await reverseLookup(t.api, { address: ada.address })).toEqual([])
    expect(await lookupName(t.api, { name })).toBeNull()

    const account = await registerName(t.api, {
      name,
      attributes: { avatar: AVATAR },
      address: ada.address,
      chainId: CHAIN_ID,
      signMessage: ada.signMessage,
    })
    const full = `${name}.keyframe.id`
    const coinType = String((0x80000000 | CHAIN_ID) >>> 0)
    expect(account).toMatchObject({ name: full, attributes: { avatar: AVATAR } })
    expect(account.addresses[coinType]?.address.toLowerCase()).toBe(ada.address.toLowerCase())

    expect(await getIdentity(t.api, { address: ada.address })).toEqual({ name: full, avatar: AVATAR })
    expect((await reverseLookup(t.api, { address: ada.address })).map((a) => a.name)).toEqual([full])
    expect((await lookupName(t.api, { name }))?.name).toBe(full)
    expect((await lookupName(t.api, { name: full }))?.name).toBe(full)
  })

  test('behavior: identity, lookups and reverse lookups are kept 5 minutes (no second request)', async () => {
    const someone = wallet()
    const before = t.requests.length
    await Promise.all([
      getIdentity(t.api, { address: someone.address }),
      getIdentity(t.api, { address: someone.address }),
    ])
    await getIdentity(t.api, { address: someone.address })
    await reverseLookup(t.api, { address: someone.address })
    await reverseLookup(t.api, { address: someone.address })
    await lookupName(t.api, { name: 'nobody-here' })
    await lookupName(t.api, { name: 'nobody-here' })
    expect(t.requests.slice(before)).toEqual([
      `GET /v1/identity/${someone.address}`,
      `GET /v1/profile/reverse/${someone.address}`,
      'GET /v1/profile/account/nobody-here',
    ])
    await getIdentity(t.api, { address: someone.address, forceUpdate: true })
    expect(t.requests.length - before).toBe(4)
  })

  test('getNameSuggestions: a free name first, then variants; a taken one says so', async () => {
    const name = label('sugg')
    const free = await getNameSuggestions(t.api, { name })
    expect(free.suggestions[0]).toEqual({ name: `${name}.keyframe.id`, registered: false })
    const owner = wallet()
    await registerName(t.api, {
      name,
      address: owner.address,
      chainId: CHAIN_ID,
      signMessage: owner.signMessage,
    })
    const taken = await getNameSuggestions(t.api, { name })
    expect(taken.suggestions[0]).toEqual({ name: `${name}.keyframe.id`, registered: true })
    expect(taken.suggestions.length).toBeGreaterThan(1)
    for (const suggestion of taken.suggestions.slice(1)) expect(suggestion.registered).toBe(false)
  })

  test('error: a message signed by another key is refused (401) and nothing is registered', async () => {
    const ada = wallet()
    const mallory = wallet()
    const name = label('bad')
    const error = await registerName(t.api, {
      name,
      address: ada.address,
      chainId: CHAIN_ID,
      signMessage: mallory.signMessage,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_signature' })
    expect((error as Error).message).toBe('Invalid signature: the message was not signed by address')
    expect(await lookupName(t.api, { name, forceUpdate: true })).toBeNull()
  })

  test('error: a name held by another address is 409', async () => {
    const name = label('held')
    const first = wallet()
    const second = wallet()
    await registerName(t.api, {
      name,
      address: first.address,
      chainId: CHAIN_ID,
      signMessage: first.signMessage,
    })
    const error = await registerName(t.api, {
      name,
      address: second.address,
      chainId: CHAIN_ID,
      signMessage: second.signMessage,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 409, code: 'name_taken' })
    expect((error as Error).message).toBe(`Name is already registered: ${name}.keyframe.id`)
  })

  test("error: a chain id at or above 0x80000000 is 'Invalid chainId' before anything is signed or sent", async () => {
    const ada = wallet()
    let signed = false
    const before = t.requests.length
    await expect(
      registerName(t.api, {
        name: label('big'),
        address: ada.address,
        chainId: 0x80000000,
        signMessage: async (message) => {
          signed = true
          return ada.signMessage(message)
        },
      }),
    ).rejects.toThrow('Invalid chainId')
    expect(signed).toBe(false)
    expect(t.requests.length - before).toBe(0)
  })

  test("error: a chain chain-api does not serve is the server's 400", async () => {
    const ada = wallet()
    const error = await registerName(t.api, {
      name: label('other'),
      address: ada.address,
      chainId: 1,
      signMessage: ada.signMessage,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, code: 'unsupported_chain' })
    expect((error as Error).message).toBe('Unsupported chainId: eip155:1')
  })
})

describe('sessions', () => {
  const permissions = [{ type: 'native-token-transfer', data: { allowance: '0x2386f26fc10000' } }]
  const expiry = () => Math.floor(Date.now() / 1000) + 3600

  test('behavior: created, listed, revoked; revoking again keeps the first revokedAt', async () => {
    const owner = wallet()
    const account = `${CHAIN}:${owner.address}`
    expect(await getSessions(t.api, { account })).toEqual({ pcis: [] })
    const session = await createSession(t.api, {
      account,
      permissions,
      expiry: expiry(),
      signMessage: owner.signMessage,
    })
    expect(session).toMatchObject({
      project: { id: t.server.project.id },
      permissions,
      policies: [],
      revokedAt: null,
    })
    expect((await getSessions(t.api, { account })).pcis.map((s) => s.pci)).toEqual([session.pci])

    const revoked = await revokeSession(t.api, { account, pci: session.pci, signMessage: owner.signMessage })
    expect(revoked.revokedAt).not.toBeNull()
    const again = await revokeSession(t.api, { account, pci: session.pci, signMessage: owner.signMessage })
    expect(again.revokedAt).toBe(revoked.revokedAt)
    expect((await getSessions(t.api, { account })).pcis[0]?.revokedAt).toBe(revoked.revokedAt)
  })

  test('error: a revoke signed by another key is refused (401) and the session stays', async () => {
    const owner = wallet()
    const other = wallet()
    const account = `${CHAIN}:${owner.address}`
    const { pci } = await createSession(t.api, {
      account,
      permissions,
      expiry: expiry(),
      signMessage: owner.signMessage,
    })
    const error = await revokeSession(t.api, { account, pci, signMessage: other.signMessage }).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 401, code: 'invalid_signature' })
    expect((error as Error).message).toBe('Invalid signature: the session text was not signed by the account')
    expect((await getSessions(t.api, { account })).pcis[0]?.revokedAt).toBeNull()
  })

  test('behavior: an unsupported network lists { pcis: [] } without a request', async () => {
    const before = t.count('GET /v1/sessions/')
    expect(await getSessions(t.api, { account: `eip155:1:${wallet().address}` })).toEqual({ pcis: [] })
    expect(t.count('GET /v1/sessions/') - before).toBe(0)
  })
})
