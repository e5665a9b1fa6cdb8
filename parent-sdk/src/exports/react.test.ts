import { expect, test } from 'vitest'
import * as react from './react.ts'

test('exports', () => {
  expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
    [
      "KeyframeProvider",
      "KeyframeProviderNotFoundError",
      "NetworkButton",
      "useAccount",
      "useInjectedWallets",
      "useKeyframe",
      "useModal",
      "useNetwork",
      "useSession",
      "useTheme",
    ]
  `)
})
