import { describe, expect, test } from 'vitest'
import { APPROVAL_TOPIC, decodeLogs, TRANSFER_TOPIC } from './decodeLogs.ts'

const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const alice = '0x00000000000000000000000000000000000000aa'
const bob = '0x00000000000000000000000000000000000000bb'
const token = '0x00000000000000000000000000000000000000C1'
const log = (topics: string[], data = '0x', logIndex = 0) => ({
  address: token,
  topics,
  data,
  logIndex,
  transactionHash: '0xABC',
})

describe('decodeLogs', () => {
  test('default: three topics are an ERC20 transfer, four an ERC721 one', () => {
    const decoded = decodeLogs([
      log([TRANSFER_TOPIC, word(alice), word(bob)], word('0x3e8'), 0),
      log([TRANSFER_TOPIC, word('0x0'), word(bob), word('0x7')], '0x', 1),
    ])
    expect(decoded.transfers).toEqual([
      {
        txHash: '0xabc',
        logIndex: 0,
        kind: 'erc20',
        contract: token.toLowerCase(),
        from: alice,
        to: bob,
        amount: '1000',
      },
      {
        txHash: '0xabc',
        logIndex: 1,
        kind: 'erc721',
        contract: token.toLowerCase(),
        from: '0x0000000000000000000000000000000000000000',
        to: bob,
        amount: '7',
      },
    ])
    // The first log of a contract decides its standard.
    expect([...decoded.tokens]).toEqual([[token.toLowerCase(), 'erc20']])
  })

  test('default: an ERC20 approval (amount in the data) and an ERC721 one (token id in a fourth topic)', () => {
    const decoded = decodeLogs([
      log([APPROVAL_TOPIC, word(alice), word(bob)], word('0xff'), 2),
      log([APPROVAL_TOPIC, word(alice), word(bob), word('0x1')], '0x', 3),
    ])
    expect(decoded.approvals).toEqual([
      {
        txHash: '0xabc',
        logIndex: 2,
        contract: token.toLowerCase(),
        owner: alice,
        spender: bob,
        amount: '255',
      },
      {
        txHash: '0xabc',
        logIndex: 3,
        contract: token.toLowerCase(),
        owner: alice,
        spender: bob,
        amount: '1',
      },
    ])
    expect(decoded.transfers).toEqual([])
  })

  test('behavior: logs that only look like transfers are skipped', () => {
    const decoded = decodeLogs([
      // An address topic with bits above the 20 bytes.
      log([TRANSFER_TOPIC, `0x1${word(alice).slice(3)}`, word(bob)], word('0x1')),
      // An ERC20 transfer whose data is not one word.
      log([TRANSFER_TOPIC, word(alice), word(bob)], '0x01'),
      // Two topics: neither standard.
      log([TRANSFER_TOPIC, word(alice)], word('0x1')),
      // Another event.
      log([word('0x1234'), word(alice), word(bob)], word('0x1')),
    ])
    expect(decoded).toEqual({ transfers: [], approvals: [], tokens: new Map() })
  })
})
