/**
 * wallet_watchAsset (EIP-747): the person is asked to keep an ERC20 token; once approved it is kept for the
 * account on the frame's server (every device, every dApp) and the wallet views list it with its balance.
 * The page may lie about the token: symbol and decimals are read from the contract, and a site whose
 * values disagree with the contract's is refused before anything is shown.
 * @module
 */
import { InvalidParamsError, type unsafeRpcParams } from '@keyframe/protocol'
import type { Address } from 'viem'
import type * as z from 'zod/mini'
import { accountOf } from '../login/session.ts'
import { toChecksumAddress } from '../wallet/evm.ts'
import { approve } from './approval.ts'
import { chainClient } from './client.ts'
import { tokenOf } from './describeCall.ts'
import { detailsBase, type Signing } from './signing.ts'

type Params = z.output<(typeof unsafeRpcParams)['wallet_watchAsset']>

/**
 * Keeps the token after the person approved it.
 * @param params The EIP-747 object, or MetaMask's one-element array form; decimals a number or decimal text.
 * @returns true (EIP-747: the token was added).
 * @throws InvalidParamsError (-32602) when the contract's symbol or decimals are not the site's.
 * @throws UserRejectedRequestError (4001) when the person rejects.
 */
export async function watchAsset(params: Params, signing: Signing): Promise<true> {
  const { options } = params
  const claimed = { symbol: options.symbol, decimals: Number(options.decimals) }
  const address = toChecksumAddress(options.address) as `0x${string}`
  const { ctx, chain } = signing
  const read = await tokenOf(chainClient(chain, ctx.signal), address as Address)
  if (read) {
    const path = (field: string) => ['options', field]
    if (read.decimals !== claimed.decimals)
      throw new InvalidParamsError('wallet_watchAsset', [
        {
          path: path('decimals'),
          message: `The token contract reports ${read.decimals} decimals, not ${claimed.decimals}`,
        },
      ])
    if (read.symbol !== claimed.symbol)
      throw new InvalidParamsError('wallet_watchAsset', [
        {
          path: path('symbol'),
          message: `The token contract reports symbol "${read.symbol}", not "${claimed.symbol}"`,
        },
      ])
  }
  await approve(
    {
      ...detailsBase(signing, 'wallet_watchAsset'),
      kind: 'watchAsset',
      token: { address, ...claimed },
      source: read ? 'chain' : 'site',
    },
    ctx,
    signing.approval,
  )
  await accountOf(ctx, 'RPC_REQUEST').api.call('watchToken', {
    body: { chainId: chain.id, address, ...claimed },
    signal: ctx.signal,
  })
  return true
}
