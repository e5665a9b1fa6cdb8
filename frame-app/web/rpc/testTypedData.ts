/**
 * EIP-712's Mail example (`assets/eip-712/Example.js`), the typed data MetaMask's test dApp signs too: the
 * types the frame's typed-data tests share.
 * @module
 */
import type { TypedTypes } from './eip712.ts'

export const mailTypes = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person' },
    { name: 'contents', type: 'string' },
  ],
} satisfies TypedTypes

/** The full domain type, as libraries send it. */
export const EIP712_DOMAIN = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
]
