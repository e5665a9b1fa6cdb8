import { expect, test } from 'vitest'
import * as api from './api.ts'

test('exports', () => {
  expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
    [
      "ChainApiError",
      "buildApprove",
      "buildSwap",
      "createChainApi",
      "createSession",
      "generateOnrampUrl",
      "getAllowance",
      "getBalance",
      "getFungiblePrice",
      "getGasPrice",
      "getHistory",
      "getIdentity",
      "getNameSuggestions",
      "getNativeBalance",
      "getNfts",
      "getOnrampOptions",
      "getOnrampQuote",
      "getSessions",
      "getSupportedChains",
      "getSwapQuote",
      "getSwapTokens",
      "getWallets",
      "isSupportedNetwork",
      "lookupName",
      "registerName",
      "reverseLookup",
      "revokeSession",
      "walletImageUrl",
    ]
  `)
})
