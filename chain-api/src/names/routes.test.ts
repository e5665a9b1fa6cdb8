import { nameRegistrationText } from '@keyframe/protocol/chain-api/names'
import { testBackends } from '@keyframe/server-kit/testing'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installContractAccount } from '../identity/testing/contractAccount.ts'
import { type SigningChainApi, startSigningChainApi } from '../identity/testing/signingChainApi.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { namesModule } from './module.ts'

const LOCAL = 2147514985 // coin type of eip155:31337
const seconds = () => Math.floor(Date.now() / 1000)
/** The OpenAPI path of a filled-in path. */
const templateOf = (path: string) =>
  path
    .replace(/^\/v1\/profile\/(account|suggestions)\/[^/]+$/, '/v1/profile/$1/{name}')
    .replace(/^\/v1\/(profile\/reverse|identity)\/[^/]+$/, '/v1/$1/{address}')
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

/** A registration body signed by `signer` (or by `by`, to forge one). */
async function registration(
  signer: PrivateKeyAccount,
  name: string,
  o: {
    attributes?: Record<string, string>
    coinType?: number
    by?: PrivateKeyAccount
    timestamp?: number
  } = {},
) {
  const message = nameRegistrationText({
    name,
    attributes: o.attributes ?? {},
    timestamp: o.timestamp ?? seconds(),
  })
  return {
    coin_type: o.coinType ?? LOCAL,
    address: signer.address,
    message,
    signature: await (o.by ?? signer).signMessage({ message }),
  }
}

describe.each(testBackends())('names and identity over HTTP (%s)', (backend) => {
  let api: SigningChainApi
  beforeAll(async () => {
    api = await startSigningChainApi(backend, namesModule)
  }, 60_000)
  afterAll(async () => {
    await api?.close()
  })

  const register = async (body: unknown) => {
    const res = await api.post('/v1/profile/account', body)
    await expectMatchesSpec('post', '/v1/profile/account', res)
    return { status: res.status, body: await res.json() }
  }
  const get = async (path: string, query?: Record<string, string>) => {
    const res = await api.get(path, query)
    await expectMatchesSpec('get', templateOf(path), res)
    return { status: res.status, body: await res.json() }
  }

  test('default: a registration resolves both ways and shows in the identity', async () => {
    const alice = privateKeyToAccount(generatePrivateKey())
    const registered = await register(
      await registration(alice, 'alice.keyframe.id', {
        attributes: { avatar: 'https://example.org/alice.png' },
      }),
    )
    const account = {
      name: 'alice.keyframe.id',
      registered: ISO,
      updated: ISO,
      addresses: { [LOCAL]: { address: alice.address, created: ISO } },
      attributes: { avatar: 'https://example.org/alice.png' },
    }
    expect(registered).toEqual({ status: 200, body: account })
    expect(await get('/v1/profile/account/alice.keyframe.id', { apiVersion: '2' })).toEqual({
      status: 200,
      body: account,
    })
    expect(await get('/v1/profile/account/ALICE')).toEqual({ status: 200, body: account })
    expect(
      await get(`/v1/profile/reverse/${alice.address.toLowerCase()}`, {
        sender: alice.address,
        apiVersion: '2',
      }),
    ).toEqual({
      status: 200,
      body: [account],
    })
    expect(await get(`/v1/identity/${alice.address}`, { sender: alice.address })).toEqual({
      status: 200,
      body: { name: 'alice.keyframe.id', avatar: 'https://example.org/alice.png' },
    })
  })

  test('error: a registration with a bad signature is refused and registers nothing', async () => {
    const mallory = privateKeyToAccount(generatePrivateKey())
    const victim = privateKeyToAccount(generatePrivateKey())
    expect(await register(await registration(victim, 'victim', { by: mallory }))).toEqual({
      status: 401,
      body: {
        code: 'invalid_signature',
        message: 'Invalid signature: the message was not signed by address',
      },
    })
    // A good signature over another text does not cover this one.
    const good = await registration(victim, 'victim')
    expect((await register({ ...good, message: good.message.replace('victim', 'victim-2') })).status).toBe(
      401,
    )
    expect(await get('/v1/profile/account/victim')).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Name not found: victim' },
    })
    expect((await get(`/v1/identity/${victim.address}`)).body).toEqual({ name: null, avatar: null })
  })

  test('error: a name held by another address is taken (409); its holder may update it', async () => {
    const bob = privateKeyToAccount(generatePrivateKey())
    const eve = privateKeyToAccount(generatePrivateKey())
    expect((await register(await registration(bob, 'bob-the-builder'))).status).toBe(200)
    expect(await register(await registration(eve, 'bob-the-builder'))).toEqual({
      status: 409,
      body: { code: 'name_taken', message: 'Name is already registered: bob-the-builder.keyframe.id' },
    })
    const updated = await register(
      await registration(bob, 'bob-the-builder', { attributes: { bio: 'builds' } }),
    )
    expect(updated.body.attributes).toEqual({ bio: 'builds' })
    // An older message of the holder cannot undo the update.
    expect(
      await register(await registration(bob, 'bob-the-builder', { timestamp: seconds() - 300 })),
    ).toEqual({
      status: 409,
      body: {
        code: 'stale_message',
        message: 'A newer registration message was already accepted for this name',
      },
    })
  })

  test('behavior: a smart account registers with a signature its contract approves', async () => {
    const account = '0x00000000000000000000000000000000000aaaa1' as const
    const message = nameRegistrationText({ name: 'smart-account', attributes: {}, timestamp: seconds() })
    await installContractAccount(api.rpcUrl, account, message)
    const body = { coin_type: LOCAL, address: account, message, signature: `0x${'77'.repeat(65)}` }
    expect((await register(body)).body.name).toBe('smart-account.keyframe.id')
    expect((await get(`/v1/identity/${account}`)).body.name).toBe('smart-account.keyframe.id')
  })

  test('error: each kind of bad registration input', async () => {
    const carol = privateKeyToAccount(generatePrivateKey())
    const good = await registration(carol, 'carol-1')
    const cases: [unknown, number, string, string][] = [
      [{ ...good, coin_type: undefined }, 400, 'invalid_params', 'coin_type: Required'],
      [{ ...good, coin_type: '2147514985' }, 400, 'invalid_params', 'coin_type: Expected number'],
      [{ ...good, address: '0x1234' }, 400, 'invalid_params', 'address: Invalid address'],
      [{ ...good, signature: '0xzz' }, 400, 'invalid_params', 'signature: Invalid signature'],
      [
        { ...good, message: '{' },
        400,
        'invalid_params',
        'message: Expected the JSON text of { name, attributes, timestamp }',
      ],
      [
        await registration(carol, 'abc'),
        400,
        'invalid_params',
        'message.name: Name must be at least 4 characters and use only letters, digits and hyphens',
      ],
      [
        await registration(carol, 'carol.eth'),
        400,
        'invalid_params',
        'message.name: Name must end with .keyframe.id or have no suffix',
      ],
      [
        await registration(carol, 'carol-1', { timestamp: seconds() - 3600 }),
        400,
        'invalid_params',
        'message.timestamp: Must be within 10 minutes of the server time (seconds)',
      ],
      [
        await registration(carol, 'carol-1', { coinType: 0x80000000 * 2 }),
        400,
        'invalid_params',
        'Invalid chainId',
      ],
      [await registration(carol, 'carol-1', { coinType: 60 }), 400, 'invalid_params', 'Invalid coin type'],
      [
        await registration(carol, 'carol-1', { coinType: 2147483649 }),
        400,
        'unsupported_chain',
        'Unsupported chainId: eip155:1',
      ],
    ]
    for (const [body, status, code, message] of cases)
      expect(await register(body)).toEqual({ status, body: { code, message } })
    const notJson = await api.post('/v1/profile/account', 'coin_type=1')
    expect(notJson.status).toBe(400)
    expect((await get('/v1/profile/account/carol-1')).status).toBe(404)
  })

  test('behavior: lookups of unknown names, other zones and invalid input', async () => {
    expect((await get('/v1/profile/account/nobody-here.keyframe.id')).status).toBe(404)
    expect(await get('/v1/profile/account/vitalik.eth')).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Name not found: vitalik.eth' },
    })
    expect(await get(`/v1/profile/reverse/0x${'00'.repeat(20)}`)).toEqual({ status: 200, body: [] })
    expect(await get('/v1/profile/reverse/0x1234')).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'address: Invalid address' },
    })
    expect(await get('/v1/identity/not-an-address')).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'address: Invalid address' },
    })
  })

  test('behavior: suggestions: the name first, then free variants; another zone has none', async () => {
    const dora = privateKeyToAccount(generatePrivateKey())
    await register(await registration(dora, 'dora'))
    expect(await get('/v1/profile/suggestions/dora', { zone: 'keyframe.id' })).toEqual({
      status: 200,
      body: {
        suggestions: [
          { name: 'dora.keyframe.id', registered: true },
          { name: 'dora-1.keyframe.id', registered: false },
          { name: 'dora-2.keyframe.id', registered: false },
          { name: 'dora-3.keyframe.id', registered: false },
          { name: 'dora-4.keyframe.id', registered: false },
          { name: 'dora-5.keyframe.id', registered: false },
        ],
      },
    })
    expect((await get('/v1/profile/suggestions/explorer')).body.suggestions[0]).toEqual({
      name: 'explorer.keyframe.id',
      registered: false,
    })
    expect(await get('/v1/profile/suggestions/dora', { zone: 'reown.id' })).toEqual({
      status: 200,
      body: { suggestions: [] },
    })
  })

  test('error: the project rules hold for these endpoints', async () => {
    const res = await api.get('/v1/identity/0x0000000000000000000000000000000000000001', {
      projectId: undefined,
    })
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'projectId: Required' },
    })
    const unknown = await api.get('/v1/profile/suggestions/alice', { projectId: 'nope' })
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({
      status: 403,
      body: { code: 'invalid_key', message: 'Invalid key' },
    })
  })
})
