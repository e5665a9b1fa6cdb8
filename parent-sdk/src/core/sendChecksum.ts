/**
 * viem's address check with the EIP-55 checksum, on its own so Send loads it with `import()`: its hashing
 * stays out of the first load.
 * @module
 */
export { isAddress } from 'viem'
