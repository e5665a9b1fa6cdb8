// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../../core/createKeyframe.ts'
import type { Eip6963ProviderDetail } from './announce.ts'
import { getEmbeddedProvider } from './provider.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Keyframe Local' }],
}
const instances: Keyframe[] = []
const stops: (() => void)[] = []

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

/** What a library (wagmi's mipd) hears: every announcement, in order. */
function listen() {
  const heard: Eip6963ProviderDetail[] = []
  const onAnnounce = (event: Event) => heard.push((event as CustomEvent<Eip6963ProviderDetail>).detail)
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  stops.push(() => window.removeEventListener('eip6963:announceProvider', onAnnounce))
  return heard
}

const requestProvider = () => window.dispatchEvent(new Event('eip6963:requestProvider'))

afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
})

describe('EIP-6963', () => {
  test('default: announced on creation with a frozen detail, the embedded provider and its info', () => {
    const heard = listen()
    const kf = create()
    expect(heard).toHaveLength(1)
    const [detail] = heard
    expect(detail!.provider).toBe(getEmbeddedProvider(kf))
    expect(detail!.info).toMatchObject({ name: 'Keyframe', rdns: 'dev.keyframe' })
    expect(detail!.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(detail!.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail!.info)).toBe(true)
  })

  test('behavior: announced again, with the same detail, on every eip6963:requestProvider', () => {
    create()
    const heard = listen()
    requestProvider()
    requestProvider()
    expect(heard).toHaveLength(2)
    expect(heard[0]).toBe(heard[1])
  })

  test('behavior: each instance has its own uuid', () => {
    const heard = listen()
    create()
    create()
    expect(new Set(heard.map((d) => d.info.uuid)).size).toBe(2)
  })

  test('parameters: announceProvider false → never announced', () => {
    const heard = listen()
    create({ announceProvider: false })
    requestProvider()
    expect(heard).toEqual([])
  })

  test('behavior: destroy() stops answering requestProvider', () => {
    const kf = create()
    const heard = listen()
    kf.destroy()
    requestProvider()
    expect(heard).toEqual([])
  })
})
