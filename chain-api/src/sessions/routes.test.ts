import {
  type CreateSessionBody,
  sessionCreateText,
  sessionRevokeText,
} from '@keyframe/protocol/chain-api/sessions'
import { testBackends } from '@keyframe/server-kit/testing'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installContractAccount } from '../identity/testing/contractAccount.ts'
import { type SigningChainApi, startSigningChainApi } from '../identity/testing/signingChainApi.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { sessionsModule } from './module.ts'

const seconds = () => Math.floor(Date.now() / 1000)
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
const permissions = [{ type: 'native-token-transfer', data: { allowance: '0x2386f26fc10000' } }]
const policies = [{ type: 'gas-limit', data: { limit: '0x5208' } }]

describe.each(testBackends())('sessions over HTTP (%s)', (backend) => {
  let api: SigningChainApi
  beforeAll(async () => {
    api = await startSigningChainApi(backend, sessionsModule)
  }, 60_000)
  afterAll(async () => {
    await api?.close()
  })

  /** The answer as status + JSON, checked against the published contract. */
  const call = async (res: Promise<Response>, method: 'get' | 'post' = 'post') => {
    const r = await res
    const path = new URL(r.url).pathname
    await expectMatchesSpec(
      method,
      path.endsWith('/revoke') ? '/v1/sessions/{account}/revoke' : '/v1/sessions/{account}',
      r,
    )
    return { status: r.status, body: await r.json() }
  }
  const caip10 = (signer: { address: string }) => `eip155:31337:${signer.address}`
  /** A creation body for `account`, signed by `by` (default the account's key). */
  async function creation(account: string, by: PrivateKeyAccount, o: Partial<CreateSessionBody> = {}) {
    const fields = { permissions, policies, expiry: seconds() + 3600, timestamp: seconds(), ...o }
    const text = sessionCreateText({ account, projectId: api.project.id, ...fields })
    return { ...fields, signature: o.signature ?? (await by.signMessage({ message: text })) }
  }
  const revocation = async (account: string, pci: string, by: PrivateKeyAccount) => ({
    pci,
    signature: await by.signMessage({ message: sessionRevokeText({ account, pci }) }),
  })

  test('default: an account creates a session, lists it, revokes it; revoking twice is a no-op', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = caip10(owner)
    const body = await creation(account, owner)
    const created = await call(api.post(`/v1/sessions/${account}`, body))
    const session = {
      pci: expect.stringMatching(/^[0-9a-f-]{36}$/),
      project: { id: api.project.id },
      expiry: body.expiry,
      createdAt: ISO,
      permissions,
      policies,
      revokedAt: null,
    }
    expect(created).toEqual({ status: 200, body: session })
    const pci = created.body.pci as string
    expect(await call(api.get(`/v1/sessions/${account}`), 'get')).toEqual({
      status: 200,
      body: { pcis: [created.body] },
    })

    const revoked = await call(
      api.post(`/v1/sessions/${account}/revoke`, await revocation(account, pci, owner)),
    )
    expect(revoked).toEqual({ status: 200, body: { ...created.body, revokedAt: ISO } })
    const again = await call(
      api.post(`/v1/sessions/${account}/revoke`, await revocation(account, pci, owner)),
    )
    expect(again).toEqual(revoked)
    expect((await call(api.get(`/v1/sessions/${account.toLowerCase()}`), 'get')).body.pcis).toEqual([
      revoked.body,
    ])
  })

  test('error: bad signatures are refused: nothing created, nothing revoked', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const mallory = privateKeyToAccount(generatePrivateKey())
    const account = caip10(owner)
    expect(await call(api.post(`/v1/sessions/${account}`, await creation(account, mallory)))).toEqual({
      status: 401,
      body: {
        code: 'invalid_signature',
        message: 'Invalid signature: the session text was not signed by the account',
      },
    })
    // The owner's signature covers exactly what was signed: a longer expiry is not covered.
    const signed = await creation(account, owner)
    expect(
      (await call(api.post(`/v1/sessions/${account}`, { ...signed, expiry: signed.expiry + 60 }))).status,
    ).toBe(401)
    expect((await call(api.get(`/v1/sessions/${account}`), 'get')).body).toEqual({ pcis: [] })

    const created = await call(api.post(`/v1/sessions/${account}`, signed))
    const pci = created.body.pci as string
    expect(
      (await call(api.post(`/v1/sessions/${account}/revoke`, await revocation(account, pci, mallory))))
        .status,
    ).toBe(401)
    // A revoke signed for another session does not revoke this one.
    const other = await revocation(account, '00000000-0000-4000-8000-000000000000', owner)
    expect((await call(api.post(`/v1/sessions/${account}/revoke`, { ...other, pci }))).status).toBe(401)
    expect((await call(api.get(`/v1/sessions/${account}`), 'get')).body.pcis[0].revokedAt).toBeNull()
  })

  test('error: a replayed creation is refused (409), so a revoked session cannot come back', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = caip10(owner)
    const body = await creation(account, owner)
    const created = await call(api.post(`/v1/sessions/${account}`, body))
    await call(api.post(`/v1/sessions/${account}/revoke`, await revocation(account, created.body.pci, owner)))
    expect(await call(api.post(`/v1/sessions/${account}`, body))).toEqual({
      status: 409,
      body: { code: 'session_exists', message: 'This signed session text was already used' },
    })
    expect((await call(api.get(`/v1/sessions/${account}`), 'get')).body.pcis).toHaveLength(1)
  })

  test('behavior: a smart account signs through its contract', async () => {
    const address = '0x00000000000000000000000000000000000bbbb2'
    const account = `eip155:31337:${address}`
    const fields = { permissions, expiry: seconds() + 600, timestamp: seconds() }
    const text = sessionCreateText({ account, projectId: api.project.id, ...fields })
    await installContractAccount(api.rpcUrl, address, text)
    const created = await call(
      api.post(`/v1/sessions/${account}`, { ...fields, signature: `0x${'55'.repeat(65)}` }),
    )
    expect(created.status).toBe(200)
    expect(created.body.policies).toEqual([])
  })

  test('error: each kind of bad input', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = caip10(owner)
    const now = seconds()
    const cases: [string, unknown, number, string, string][] = [
      [
        account,
        { ...(await creation(account, owner)), permissions: [] },
        400,
        'invalid_params',
        'permissions: Required',
      ],
      [
        account,
        { ...(await creation(account, owner)), permissions: undefined },
        400,
        'invalid_params',
        'permissions: Required',
      ],
      [
        account,
        { ...(await creation(account, owner)), permissions: [{ type: '' }] },
        400,
        'invalid_params',
        'permissions.0.type: Required',
      ],
      [
        account,
        { ...(await creation(account, owner)), permissions: [{ type: 'x', extra: 1 }] },
        400,
        'invalid_params',
        'permissions.0: Unrecognized key: extra',
      ],
      [
        account,
        { ...(await creation(account, owner)), signature: '0x12' },
        400,
        'invalid_params',
        'signature: Invalid signature',
      ],
      [
        account,
        await creation(account, owner, { expiry: now - 1 }),
        400,
        'invalid_params',
        'expiry: Must be in the future (seconds)',
      ],
      [
        account,
        await creation(account, owner, { expiry: now + 400 * 86_400 }),
        400,
        'invalid_params',
        'expiry: Must be at most a year ahead',
      ],
      [
        account,
        await creation(account, owner, { timestamp: now - 3600 }),
        400,
        'invalid_params',
        'timestamp: Must be within 10 minutes of the server time (seconds)',
      ],
      [
        'eip155:31337:0x1234',
        await creation(account, owner),
        400,
        'invalid_params',
        'Invalid CAIP-10 address: eip155:31337:0x1234',
      ],
      [
        'not-caip10',
        await creation(account, owner),
        400,
        'invalid_params',
        'account: Invalid CAIP-10 address',
      ],
      [
        `eip155:1:${owner.address}`,
        await creation(`eip155:1:${owner.address}`, owner),
        400,
        'unsupported_chain',
        'Unsupported chainId: eip155:1',
      ],
    ]
    for (const [acct, body, status, code, message] of cases)
      expect(await call(api.post(`/v1/sessions/${acct}`, body))).toEqual({ status, body: { code, message } })
    expect(
      await call(
        api.post(`/v1/sessions/${account}/revoke`, { pci: 'nope', signature: `0x${'11'.repeat(65)}` }),
      ),
    ).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'pci: Invalid pci' },
    })
    const unknownPci = '00000000-0000-4000-8000-000000000001'
    expect(
      await call(api.post(`/v1/sessions/${account}/revoke`, await revocation(account, unknownPci, owner))),
    ).toEqual({
      status: 404,
      body: { code: 'not_found', message: `Session not found: ${unknownPci}` },
    })
  })

  test('behavior: unsupported networks list nothing', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    expect(await call(api.get(`/v1/sessions/eip155:1:${owner.address}`), 'get')).toEqual({
      status: 200,
      body: { pcis: [] },
    })
    expect(
      await call(
        api.get(
          '/v1/sessions/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
        ),
        'get',
      ),
    ).toEqual({
      status: 200,
      body: { pcis: [] },
    })
  })
})
