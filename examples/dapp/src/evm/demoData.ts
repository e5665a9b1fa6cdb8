/**
 * What the demo signs and sends, the same for every library. The e2e suite imports it to verify the results.
 * No imports: it stays out of the page's first load and out of the libraries' chunks alike.
 * @module
 */

export const DEMO_MESSAGE = 'Hello from the Keyframe demo'

/** Receives the demo's sends (anvil dev account #9, which nothing else uses). */
export const DEMO_RECIPIENT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** Per Send ETH, in ether. */
export const DEMO_ETH = '0.001'
/** Per Send kUSD, in kUSD. */
export const DEMO_KUSD = '1.5'

/** An EIP-712 mail on `chainId` (the example of EIP-712 itself). */
export function demoTypedData(chainId: number) {
  return {
    domain: {
      name: 'Keyframe Demo',
      version: '1',
      chainId,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    message: {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  } as const
}
