/**
 * The script a site adds to use Keyframe, as the test dApp would if it did: `createKeyframe` with the
 * stack's project, frame and chains, run at document start (before `<head>` has anything in it). The SDK
 * announces its embedded wallet through EIP-6963, where the test dApp lists it. Built into a classic
 * script by `bundle.ts`; the configuration comes from `window.__keyframeTestDapp`, set by the init script
 * before it, and only on the test dApp's own origin (init scripts run in every frame, the wallet's too).
 * @module
 */
import { createKeyframe } from '@keyframe/sdk'
import type { TestDappConfig } from './config.ts'

const config = (window as { __keyframeTestDapp?: TestDappConfig }).__keyframeTestDapp
if (config && window === window.top && location.origin === config.origin) {
  createKeyframe({ projectId: config.projectId, frameUrl: config.frameUrl, networks: config.networks })
}
