/**
 * The account-name registration the two names views share (SPEC §4 name registration): which name, for
 * which address, and how far it got. A slice of the instance's store (`nameRegistration`).
 * @module
 */
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { watchSelected } from '../../../core/watch.ts'

export type NameRegistration = {
  /** The name as it was asked for (`alice.keyframe.id`), or as chain-api registered it once done. */
  readonly name: string
  /** The registering address (0x). */
  readonly address: string
  /** Signing and registering; registered; or failed (the register view shows the name again). */
  readonly status: 'pending' | 'registered' | 'failed'
}

export function getNameRegistration(kf: Keyframe): NameRegistration | undefined {
  return kf.getState().nameRegistration
}

export function watchNameRegistration(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return watchSelected(kf, getNameRegistration, () => parameters.onChange())
}

export function setNameRegistration(kf: Keyframe, nameRegistration: NameRegistration): void {
  kf._internal.store.setState({ nameRegistration: Object.freeze({ ...nameRegistration }) })
}
