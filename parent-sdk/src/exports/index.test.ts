import { expect, test } from 'vitest'
import * as sdk from './index.ts'

test('exports', () => {
  expect(Object.keys(sdk).sort()).toMatchInlineSnapshot(`
    [
      "BrowserOnlyError",
      "ChainDisconnectedError",
      "ChainNotSupportedError",
      "ConfigError",
      "DestroyedError",
      "DisconnectedError",
      "EmailCooldownError",
      "ErrorCode",
      "FrameLoadError",
      "InternalError",
      "InvalidKeyError",
      "InvalidParamsError",
      "InvalidRequestError",
      "NotAvailableError",
      "OriginNotAllowedError",
      "ProtocolError",
      "RequestAbortedError",
      "RequestTimeoutError",
      "SDK_VERSION",
      "UnauthorizedError",
      "UnsupportedMethodError",
      "UserRejectedRequestError",
      "VIEWS",
      "createKeyframe",
      "getModalState",
      "getTheme",
      "getToast",
      "watchModalState",
      "watchTheme",
      "watchToast",
    ]
  `)
})
