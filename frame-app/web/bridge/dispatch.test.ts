import {
  ErrorCode,
  MAX_MESSAGE_BYTES,
  REQUEST_TYPES,
  type RequestParams,
  type RequestType,
  requests,
} from '@keyframe/protocol'
import { describe, expect, test, vi } from 'vitest'
import { type BridgeContext, createBridgeContext } from './context.ts'
import { dispatch } from './dispatch.ts'
import { type Handlers, handlers } from './handlers.ts'

const PROJECT_ID = 'dev'
const TEST_SESSION = {
  email: 'ada@example.com',
  userName: null,
  socialProvider: null,
  walletId: '9b2f7c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  deviceId: '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  solanaAddress: null,
  handle: 'handle',
}

function context(overrides: Partial<Parameters<typeof createBridgeContext>[0]> = {}): BridgeContext {
  return createBridgeContext({
    projectId: PROJECT_ID,
    parentOrigin: 'http://127.0.0.1:5173',
    chainId: 'eip155:31337',
    ...overrides,
  })
}

function envelope(params: unknown, id: string = crypto.randomUUID()) {
  return { v: 1, id, params }
}

/** A valid call of every request type: a type missing here is a type error. */
const validParams: { [T in RequestType]: RequestParams<T> } = {
  SWITCH_NETWORK: { chainId: 'eip155:1' },
  CONNECT_EMAIL: { email: 'ada@example.com' },
  CONNECT_DEVICE: {},
  CONNECT_OTP: {},
  CONNECT_SOCIAL: { uri: 'https://dapp.example/callback?code=1' },
  GET_FARCASTER_URI: {},
  CONNECT_FARCASTER: {},
  GET_USER: { chainId: 'eip155:1' },
  GET_SOCIAL_REDIRECT_URI: { provider: 'google' },
  SIGN_OUT: {},
  GET_WATCHED_TOKENS: { chainId: 'eip155:1' },
  IS_CONNECTED: {},
  GET_CHAIN_ID: {},
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {},
  INIT_SMART_ACCOUNT: {},
  SET_PREFERRED_ACCOUNT: { type: 'eoa' },
  RPC_REQUEST: { method: 'eth_chainId', params: [] },
  UPDATE_EMAIL: { newEmail: 'ada@example.org' },
  UPDATE_EMAIL_PRIMARY_OTP: {},
  UPDATE_EMAIL_SECONDARY_OTP: {},
  SYNC_THEME: { themeMode: 'light', tokens: { accent: '#0af' } },
  SYNC_DAPP_DATA: {
    metadata: { name: 'Demo', url: 'https://dapp.example', icons: [] },
    sdkVersion: '0.1.0',
    sdkType: 'keyframe',
    projectId: PROJECT_ID,
  },
  RELOAD: {},
  RPC_ABORT: { id: crypto.randomUUID() },
}

const realResults: Partial<Record<RequestType, unknown>> = {
  GET_CHAIN_ID: { chainId: 'eip155:31337' },
  IS_CONNECTED: { isConnected: false },
  SYNC_THEME: null,
  SYNC_DAPP_DATA: null,
  RELOAD: null,
  RPC_ABORT: { aborted: false },
  SIGN_OUT: null,
}

/** What GET_USER answers for TEST_SESSION when asked with chainId eip155:1 (not configured: no move). */
const testUser = {
  email: TEST_SESSION.email,
  address: TEST_SESSION.address,
  chainId: 'eip155:31337',
  accounts: [{ address: TEST_SESSION.address, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
  userName: null,
  socialProvider: null,
}

/** Handlers that record calls, to prove that refused messages never reach one. */
function spiedHandlers() {
  const spies = Object.fromEntries(REQUEST_TYPES.map((type) => [type, vi.fn(handlers[type])]))
  return { table: spies as unknown as Handlers, spies }
}

describe('default', () => {
  test.each(REQUEST_TYPES)('%s: a valid call gets a typed reply', async (type) => {
    const reply = await dispatch(type, envelope(validParams[type]), context())
    if (type in realResults) {
      expect(reply).toEqual({ ok: true, result: realResults[type] })
    } else if (requests[type].needsSession) {
      expect(reply).toMatchObject({ ok: false, error: { code: ErrorCode.unauthorized } })
    } else {
      expect(reply).toEqual({
        ok: false,
        error: { code: 4200, message: `${type} is not available in this frame yet`, data: { type } },
      })
    }
  })

  test.each(REQUEST_TYPES.filter((type) => requests[type].needsSession))(
    '%s: with a session, answers (4200 for what needs the account services this bridge lacks)',
    async (type) => {
      const ctx = context()
      ctx.state.session = TEST_SESSION
      const reply = await dispatch(type, envelope(validParams[type]), ctx)
      if (type === 'GET_USER') {
        expect(reply).toEqual({ ok: true, result: testUser })
        return
      }
      // No chain is configured for this bridge: nothing to switch to; eth_chainId is answered by the frame.
      if (type === 'SWITCH_NETWORK') {
        expect(reply).toEqual({ ok: false, error: { code: 4902, message: 'Chain is not supported' } })
        return
      }
      if (type === 'RPC_REQUEST') {
        expect(reply).toEqual({ ok: true, result: '0x7a69' })
        return
      }
      expect(reply).toEqual({
        ok: false,
        error: { code: 4200, message: `${type} is not available in this frame yet`, data: { type } },
      })
    },
  )
})

describe('behavior: order of checks', () => {
  test('validation comes before the session check', async () => {
    const { table, spies } = spiedHandlers()
    const reply = await dispatch('SWITCH_NETWORK', envelope({ chainId: 'not a chain' }), context(), table)
    expect(reply).toMatchObject({ ok: false, error: { code: ErrorCode.invalidParams } })
    expect(spies.SWITCH_NETWORK).not.toHaveBeenCalled()
  })

  test('needsSession types answer 4100 before their handler', async () => {
    const { table, spies } = spiedHandlers()
    const reply = await dispatch('GET_USER', envelope({}), context(), table)
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 4100,
        message: 'The requested method and/or account has not been authorized by the user.',
      },
    })
    expect(spies.GET_USER).not.toHaveBeenCalled()
  })

  test('RPC_REQUEST with a method off the allowed list: 4200 before the session check', async () => {
    const reply = await dispatch('RPC_REQUEST', envelope({ method: 'eth_coinbase_steal' }), context())
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 4200,
        message: 'Requested RPC call is not allowed: eth_coinbase_steal',
        data: { method: 'eth_coinbase_steal' },
      },
    })
  })
})

describe('error: invalid messages never reach a handler', () => {
  test('invalid params: -32602 with the issue path', async () => {
    const { table, spies } = spiedHandlers()
    const reply = await dispatch('SYNC_THEME', envelope({ themeMode: 'blue' }), context(), table)
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.code).toBe(-32602)
    expect(reply.error.message).toMatchInlineSnapshot(
      `"Invalid params for SYNC_THEME: themeMode: Expected one of "light", "dark""`,
    )
    expect(reply.error.data).toMatchObject({ issues: [{ path: ['themeMode'] }] })
    expect(spies.SYNC_THEME).not.toHaveBeenCalled()
  })

  test('unknown keys: -32602', async () => {
    const { table, spies } = spiedHandlers()
    const reply = await dispatch('GET_CHAIN_ID', envelope({ extra: 1 }), context(), table)
    expect(reply).toMatchObject({ ok: false, error: { code: -32602 } })
    expect(spies.GET_CHAIN_ID).not.toHaveBeenCalled()
  })

  test('unknown type: -32600', async () => {
    const reply = await dispatch('STEAL_KEYS', envelope({}), context())
    expect(reply).toEqual({ ok: false, error: { code: -32600, message: 'Unknown request type: STEAL_KEYS' } })
  })

  test('prototype keys are not types', async () => {
    for (const type of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const reply = await dispatch(type, envelope({}), context())
      expect(reply).toMatchObject({ ok: false, error: { code: -32600 } })
    }
  })

  test('bad envelope: -32600', async () => {
    const { table, spies } = spiedHandlers()
    for (const data of [
      null,
      'GET_CHAIN_ID',
      { v: 2, id: crypto.randomUUID(), params: {} },
      { v: 1, id: 'not-a-uuid', params: {} },
      { v: 1, params: {} },
    ]) {
      const reply = await dispatch('GET_CHAIN_ID', data, context(), table)
      expect(reply).toMatchObject({ ok: false, error: { code: -32600 } })
    }
    expect(spies.GET_CHAIN_ID).not.toHaveBeenCalled()
  })

  test(`oversize (> ${MAX_MESSAGE_BYTES} bytes): refused`, async () => {
    const { table, spies } = spiedHandlers()
    const big = 'a'.repeat(MAX_MESSAGE_BYTES)
    const reply = await dispatch('SYNC_THEME', envelope({ tokens: { accent: big } }), context(), table)
    expect(reply).toEqual({
      ok: false,
      error: { code: -32600, message: `Message exceeds ${MAX_MESSAGE_BYTES} bytes` },
    })
    expect(spies.SYNC_THEME).not.toHaveBeenCalled()
  })
})

describe('behavior: handlers', () => {
  test('GET_CHAIN_ID answers the chain of the frame URL, then the current one', async () => {
    const ctx = context()
    expect(await dispatch('GET_CHAIN_ID', envelope({}), ctx)).toEqual({
      ok: true,
      result: { chainId: 'eip155:31337' },
    })
    ctx.state.chainId = 'eip155:31338'
    expect(await dispatch('GET_CHAIN_ID', envelope({}), ctx)).toEqual({
      ok: true,
      result: { chainId: 'eip155:31338' },
    })
  })

  test('IS_CONNECTED follows the session', async () => {
    const ctx = context()
    expect(await dispatch('IS_CONNECTED', envelope({}), ctx)).toEqual({
      ok: true,
      result: { isConnected: false },
    })
    ctx.state.session = TEST_SESSION
    expect(await dispatch('IS_CONNECTED', envelope({}), ctx)).toEqual({
      ok: true,
      result: { isConnected: true },
    })
  })

  test('SYNC_THEME applies and remembers the theme', async () => {
    const applyTheme = vi.fn()
    const ctx = context({ applyTheme })
    await dispatch('SYNC_THEME', envelope({ themeMode: 'light', tokens: { accent: '#0af' } }), ctx)
    expect(ctx.state.theme).toEqual({ mode: 'light', tokens: { accent: '#0af' } })
    await dispatch('SYNC_THEME', envelope({ themeMode: 'dark' }), ctx)
    expect(ctx.state.theme).toEqual({ mode: 'dark', tokens: { accent: '#0af' } })
    expect(applyTheme).toHaveBeenLastCalledWith({ mode: 'dark', tokens: { accent: '#0af' } })
  })

  test('SYNC_THEME: free CSS is refused (-32602) and the theme stays as it was', async () => {
    const applyTheme = vi.fn()
    const ctx = context({ applyTheme })
    for (const params of [
      { themeVariables: { '--kf-text': 'transparent' } },
      { tokens: { background: 'url("data:image/svg+xml,<svg/>")' } },
      { tokens: { accent: 'var(--kf-bg)' } },
    ]) {
      const reply = await dispatch('SYNC_THEME', envelope(params), ctx)
      expect(reply).toMatchObject({ ok: false, error: { code: -32602 } })
    }
    expect(applyTheme).not.toHaveBeenCalled()
    expect(ctx.state.theme).toEqual({ mode: undefined, tokens: {} })
  })

  test('SYNC_DAPP_DATA remembers the dApp', async () => {
    const ctx = context()
    const reply = await dispatch('SYNC_DAPP_DATA', envelope(validParams.SYNC_DAPP_DATA), ctx)
    expect(reply).toEqual({ ok: true, result: null })
    expect(ctx.state.dapp).toEqual({
      metadata: { name: 'Demo', url: 'https://dapp.example', icons: [] },
      sdkVersion: '0.1.0',
      sdkType: 'keyframe',
    })
  })

  test('error: SYNC_DAPP_DATA for another project is refused with Invalid key', async () => {
    const ctx = context()
    const reply = await dispatch(
      'SYNC_DAPP_DATA',
      envelope({ ...validParams.SYNC_DAPP_DATA, projectId: 'other' }),
      ctx,
    )
    expect(reply).toEqual({
      ok: false,
      error: {
        code: -32045,
        message: 'Invalid key',
        data: { projectId: 'other' },
      },
    })
    expect(ctx.state.dapp).toBeNull()
  })

  test('RELOAD replies first, then reloads on the next tick', async () => {
    vi.useFakeTimers()
    try {
      const reload = vi.fn()
      const reply = await dispatch('RELOAD', envelope({}), context({ reload }))
      expect(reply).toEqual({ ok: true, result: null })
      expect(reload).not.toHaveBeenCalled()
      vi.runAllTimers()
      expect(reload).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  test('RPC_ABORT aborts a running request by id', async () => {
    const ctx = context()
    const seen: AbortSignal[] = []
    const table: Handlers = {
      ...handlers,
      // A request that only ends when aborted.
      GET_CHAIN_ID: (_params, { signal }) => {
        seen.push(signal)
        return new Promise(() => {})
      },
    }
    const id = crypto.randomUUID()
    const pending = dispatch('GET_CHAIN_ID', envelope({}, id), ctx, table)
    await vi.waitFor(() => expect(ctx.aborts.size).toBe(1))
    expect(await dispatch('RPC_ABORT', envelope({ id }), ctx, table)).toEqual({
      ok: true,
      result: { aborted: true },
    })
    expect(await pending).toEqual({ ok: false, error: { code: -32040, message: 'Something went wrong' } })
    expect(seen[0]?.aborted).toBe(true)
    expect(ctx.aborts.size).toBe(0)
    expect(await dispatch('RPC_ABORT', envelope({ id }), ctx, table)).toEqual({
      ok: true,
      result: { aborted: false },
    })
  })

  test('an aborted RPC_REQUEST reads Request was aborted', async () => {
    const ctx = context()
    ctx.state.session = TEST_SESSION
    const table: Handlers = { ...handlers, RPC_REQUEST: () => new Promise(() => {}) }
    const id = crypto.randomUUID()
    const pending = dispatch('RPC_REQUEST', envelope({ method: 'eth_chainId' }, id), ctx, table)
    await vi.waitFor(() => expect(ctx.aborts.size).toBe(1))
    ctx.aborts.abortAll()
    expect(await pending).toEqual({ ok: false, error: { code: -32040, message: 'Request was aborted' } })
  })

  test('error: a duplicate id of a running request is refused', async () => {
    const ctx = context()
    const table: Handlers = { ...handlers, GET_CHAIN_ID: () => new Promise(() => {}) }
    const id = crypto.randomUUID()
    void dispatch('GET_CHAIN_ID', envelope({}, id), ctx, table)
    await vi.waitFor(() => expect(ctx.aborts.size).toBe(1))
    expect(await dispatch('GET_CHAIN_ID', envelope({}, id), ctx, table)).toEqual({
      ok: false,
      error: { code: -32600, message: `Duplicate request id: ${id}` },
    })
    ctx.aborts.abortAll()
  })

  test('error: an unexpected exception becomes -32603 without internals', async () => {
    const table: Handlers = {
      ...handlers,
      GET_CHAIN_ID: async () => {
        throw new Error('secret at /home/frame/key.json')
      },
    }
    const reply = await dispatch('GET_CHAIN_ID', envelope({}), context(), table)
    expect(reply).toEqual({ ok: false, error: { code: -32603, message: 'An error occurred' } })
  })

  test('error: a result off the table becomes -32603', async () => {
    const table = { ...handlers, GET_CHAIN_ID: async () => ({ chainId: 'nope' }) } as unknown as Handlers
    const reply = await dispatch('GET_CHAIN_ID', envelope({}), context(), table)
    expect(reply).toEqual({ ok: false, error: { code: -32603, message: 'An error occurred' } })
  })
})
