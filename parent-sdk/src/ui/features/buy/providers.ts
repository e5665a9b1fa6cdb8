/**
 * The on-ramp providers the Buy view offers. chain-api quotes and sells through one: its sandbox, whose page
 * pays test money on test networks (`chain-api/src/onramp`). A provider's quote is chain-api's quote.
 * @module
 */

export type OnrampProvider = {
  id: string
  name: string
  /** One line under the name. */
  description: string
}

export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  { id: 'sandbox', name: 'Sandbox', description: 'Test money on test networks' },
]
