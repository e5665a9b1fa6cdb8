/**
 * The frame API as mounted is the one declared in `@keyframe/protocol/frame-api` (the frame's client is
 * built from the same declarations): every declared route answers at its method and path with the declared
 * `auth`, and no other `/api` route is mounted (the admin API, which the frame never calls, and the social
 * login's callback, where providers send the person's browser, aside).
 */

import { honoPath, routePath } from '@keyframe/protocol/frame-api/route'
import { FRAME_ROUTES } from '@keyframe/protocol/frame-api/routes'
import { SOCIAL_CALLBACK_PATH } from '@keyframe/protocol/frame-api/social'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHarness, type Harness } from './testing/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(() => h?.close())

const ID = '00000000-0000-4000-8000-000000000000'
const concrete = (route: (typeof FRAME_ROUTES)[number]) =>
  routePath(
    route,
    route.params ? Object.fromEntries(Object.keys(route.params.shape).map((k) => [k, ID])) : {},
  )

describe('the mounted frame API is the declared one', () => {
  test('every /api route of the app is declared (admin aside), and every declaration is mounted', () => {
    const mounted = new Set(
      h.app.routes
        .filter(
          (r) =>
            r.path.startsWith('/api/') &&
            !r.path.startsWith('/api/admin') &&
            r.path !== SOCIAL_CALLBACK_PATH &&
            r.method !== 'ALL',
        )
        .map((r) => `${r.method} ${r.path}`),
    )
    const declared = new Set(FRAME_ROUTES.map((r) => `${r.method} ${honoPath(r.path)}`))
    expect([...mounted].sort()).toEqual([...declared].sort())
  })

  test.each(FRAME_ROUTES.map((route) => [`${route.method} ${route.path} (${route.auth})`, route] as const))(
    'behavior: %s answers with its declared auth',
    async (_, route) => {
      const body = route.body ? {} : undefined
      const anonymous = await h.call(route.method, concrete(route), body, { device: null })
      if (route.auth === 'public') expect([401, 403, 404]).not.toContain(anonymous.status)
      else if (route.proofKey === 'body') expect(anonymous.json.code).toBe('device_proof_invalid')
      else expect(anonymous.status).toBe(401)

      if (route.auth !== 'device' || route.proofKey === 'body') return
      // A valid session is not enough: the request must be signed by its device.
      const login = await h.login(`contract-${crypto.randomUUID().slice(0, 8)}@example.net`)
      const unsigned = await h.call(route.method, concrete(route), body, { ...login.auth, device: null })
      expect(unsigned.json.code).toBe('device_proof_invalid')
    },
  )
})
