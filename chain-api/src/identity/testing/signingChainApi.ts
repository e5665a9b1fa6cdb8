/**
 * chain-api with one area over a bare anvil (chain 31337, no contracts deployed): what the areas that check
 * account signatures (names, sessions) test against, EOAs and contract accounts alike
 * (`installContractAccount` on `rpcUrl`).
 * @module
 */

import { startAnvil } from '@keyframe/dev-fixtures'
import type { Backend } from '@keyframe/server-kit/testing'
import type { ChainApiModule } from '../../module.ts'
import { anvilChain, startTestChainApi, type TestChainApi } from '../../testing/harness.ts'

export type SigningChainApi = TestChainApi & {
  /** The anvil's JSON-RPC URL. */
  rpcUrl: string
}

/** Starts anvil and chain-api with `module`; `close` stops both. */
export async function startSigningChainApi(
  backend: Backend,
  module: ChainApiModule,
): Promise<SigningChainApi> {
  const anvil = await startAnvil({ chainId: 31337 })
  try {
    const api = await startTestChainApi({ backend, modules: [module], chains: [anvilChain(anvil.rpcUrl)] })
    return {
      ...api,
      rpcUrl: anvil.rpcUrl,
      async close() {
        await api.close()
        await anvil.close()
      },
    }
  } catch (error) {
    await anvil.close()
    throw error
  }
}
