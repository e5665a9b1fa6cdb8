import { createContext } from 'react'
import type { Keyframe } from '../core/createKeyframe.ts'

/** Holds the Keyframe instance for the hooks below a KeyframeProvider. */
export const KeyframeContext = createContext<Keyframe | undefined>(undefined)
