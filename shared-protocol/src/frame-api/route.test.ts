import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { deviceProofMessage } from './deviceProof.ts'
import { honoPath, routePath } from './route.ts'
import { FRAME_ROUTES, routeOf } from './routes.ts'
import { releaseDeviceShare } from './vault.ts'

describe('frame API routes', () => {
  test('default: a path template filled (encoded) for the client, in Hono syntax for the server', () => {
    expect(routePath(releaseDeviceShare, { deviceId: 'a/b c' })).toBe('/api/shares/device/a%2Fb%20c')
    expect(() => routePath(releaseDeviceShare, {})).toThrow('missing path parameter deviceId')
    expect(honoPath(releaseDeviceShare.path)).toBe('/api/shares/device/:deviceId')
  })

  test('behavior: a request finds its declared route by method and path', () => {
    expect(routeOf('get', '/api/shares/device/123')).toBe(releaseDeviceShare)
    expect(routeOf('DELETE', '/api/shares/device/123')).toBeUndefined()
    expect(routeOf('GET', '/api/shares/device/1/2')).toBeUndefined()
    const keys = FRAME_ROUTES.map((r) => `${r.method} ${r.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test('behavior: every route that releases a share or changes the account is device-signed', () => {
    const device = FRAME_ROUTES.filter((r) => r.auth === 'device').map((r) => `${r.method} ${r.path}`)
    expect(device.sort()).toEqual(
      [
        'DELETE /api/devices/{id}',
        'GET /api/shares/device/{deviceId}',
        'GET /api/shares/recovery',
        'POST /api/auth/email/device',
        'POST /api/auth/farcaster/connect',
        'POST /api/auth/social/redeem',
        'POST /api/auth/email/verify',
        'POST /api/session/email',
        'POST /api/session/email/primary',
        'POST /api/session/email/secondary',
        'POST /api/session/factor/verify',
        'POST /api/tokens',
        'POST /api/wallet',
        'PUT /api/shares/device',
        'PUT /api/shares/recovery',
      ].sort(),
    )
  })

  test('default: the device proof signs these exact bytes (a change breaks every deployed frame)', () => {
    const bodySha256 = createHash('sha256').update('{"a":1}').digest()
    const message = deviceProofMessage({
      method: 'put',
      path: '/api/shares/device',
      bodySha256,
      nonce: 'N0nce',
    })
    expect(new TextDecoder().decode(message)).toBe(
      'keyframe-device-proof/1\nPUT\n/api/shares/device\n015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862\nN0nce',
    )
  })
})
