import { nameRegistrationText, type RegisterNameBody } from '@keyframe/protocol/chain-api/names'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, test } from 'vitest'
import { createChainRegistry } from '../chains/registry.ts'
import { createConfig } from '../config.ts'
import { readRegistration } from './readRegistration.ts'

// A real registry; nothing here contacts the chain.
const chains = createChainRegistry(
  createConfig({
    chains: [
      {
        id: 31337,
        name: 'Local',
        rpcUrl: 'http://127.0.0.1:9',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
  }).chains,
)
const now = new Date('2026-01-01T00:00:00.000Z')
const seconds = now.getTime() / 1000
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const body = (o: Partial<RegisterNameBody> & { text?: unknown } = {}): RegisterNameBody => ({
  coin_type: 2147514985,
  address,
  message:
    o.text === undefined
      ? nameRegistrationText({
          name: 'alice.keyframe.id',
          attributes: { avatar: 'https://example.org/a.png' },
          timestamp: seconds,
        })
      : typeof o.text === 'string'
        ? o.text
        : JSON.stringify(o.text),
  signature: `0x${'11'.repeat(65)}`,
  ...o,
})
const read = (b: RegisterNameBody) => readRegistration(b, { nameSuffix: '.keyframe.id', now, chains })

/** The `{ code, message }` a refusal answers, with its status. */
async function refusal(b: RegisterNameBody): Promise<{ status: number; code: string; message: string }> {
  try {
    read(b)
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error
    return {
      status: error.status,
      ...((await error.getResponse().json()) as { code: string; message: string }),
    }
  }
  throw new Error('accepted')
}

describe('readRegistration', () => {
  test('default', () => {
    const r = read(body())
    expect({ ...r, chain: r.chain.caip2 }).toEqual({
      label: 'alice',
      address,
      coinType: 2147514985,
      chain: 'eip155:31337',
      attributes: { avatar: 'https://example.org/a.png' },
      signedAt: now,
    })
  })

  test('parameters: a bare label, no attributes, a timestamp 10 minutes off', () => {
    expect(read(body({ text: { name: 'Bob-1', timestamp: seconds + 600 } }))).toMatchObject({
      label: 'bob-1',
      attributes: {},
    })
    expect(read(body({ text: { name: 'bob-1', timestamp: seconds - 600 } })).label).toBe('bob-1')
  })

  test('error: each kind of bad message', async () => {
    expect(await refusal(body({ text: 'not json' }))).toEqual({
      status: 400,
      code: 'invalid_params',
      message: 'message: Expected the JSON text of { name, attributes, timestamp }',
    })
    expect((await refusal(body({ text: { timestamp: seconds } }))).message).toBe('message.name: Required')
    expect((await refusal(body({ text: { name: 'alice' } }))).message).toBe('message.timestamp: Required')
    expect((await refusal(body({ text: { name: 'abc', timestamp: seconds } }))).message).toBe(
      'message.name: Name must be at least 4 characters and use only letters, digits and hyphens',
    )
    expect((await refusal(body({ text: { name: 'al_ice', timestamp: seconds } }))).message).toBe(
      'message.name: Name must be at least 4 characters and use only letters, digits and hyphens',
    )
    expect((await refusal(body({ text: { name: 'alice.eth', timestamp: seconds } }))).message).toBe(
      'message.name: Name must end with .keyframe.id or have no suffix',
    )
    expect((await refusal(body({ text: { name: 'alice', timestamp: seconds + 601 } }))).message).toBe(
      'message.timestamp: Must be within 10 minutes of the server time (seconds)',
    )
    // Milliseconds instead of seconds: far in the future.
    expect((await refusal(body({ text: { name: 'alice', timestamp: now.getTime() } }))).message).toBe(
      'message.timestamp: Must be within 10 minutes of the server time (seconds)',
    )
    expect(
      (
        await refusal(
          body({
            text: { name: 'alice', attributes: { avatar: 'javascript:alert(1)' }, timestamp: seconds },
          }),
        )
      ).message,
    ).toBe('message.attributes.avatar: Expected an http(s) URL')
    expect(
      (await refusal(body({ text: { name: 'alice', attributes: { bio: 7 }, timestamp: seconds } }))).message,
    ).toBe('message.attributes.bio: Expected string')
  })

  test("error: coin types: 'Invalid chainId' at or above 0x80000000, unsupported chains, other networks", async () => {
    expect(await refusal(body({ coin_type: 0x80000000 * 2 }))).toEqual({
      status: 400,
      code: 'invalid_params',
      message: 'Invalid chainId',
    })
    expect(await refusal(body({ coin_type: 2147483649 }))).toEqual({
      status: 400,
      code: 'unsupported_chain',
      message: 'Unsupported chainId: eip155:1',
    })
    expect((await refusal(body({ coin_type: 60 }))).message).toBe('Invalid coin type')
  })
})
