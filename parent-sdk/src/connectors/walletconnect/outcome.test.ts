import { expect, test } from 'vitest'
import { messageOf, proposalOutcome } from './outcome.ts'

test("behavior: the wallet's refusal is 'declined', whatever its reason code", () => {
  // What sign-client's approval() rejects with when the wallet rejects (its getSdkError reasons) or EIP-1193's.
  for (const code of [5000, 5001, 5002, 4001]) {
    expect(proposalOutcome({ code, message: 'User rejected.' })).toBe('declined')
  }
})

test("behavior: the proposal running out is 'expired' (sign-client's own words and code 0)", () => {
  expect(proposalOutcome({ message: 'Proposal expired', code: 0 })).toBe('expired')
  expect(proposalOutcome(new Error('Proposal expired'))).toBe('expired')
})

test("error: anything else is 'failed'", () => {
  for (const error of [
    new Error('WebSocket connection closed'),
    { code: 5100, message: 'Unsupported chains.' },
    undefined,
    'x',
  ]) {
    expect(proposalOutcome(error)).toBe('failed')
  }
})

test("parameters: a reply without a message reads 'An error occurred' (SPEC §8)", () => {
  expect(messageOf({ code: 5000, message: 'User rejected.' })).toBe('User rejected.')
  expect(messageOf(new Error('Proposal expired'))).toBe('Proposal expired')
  expect(messageOf({ code: 1 })).toBe('An error occurred')
  expect(messageOf(null)).toBe('An error occurred')
})
