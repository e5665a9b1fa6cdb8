/**
 * What the SDK on the test dApp's page is created with: the stack's project, frame and chains, handed to
 * the page as `window.__keyframeTestDapp` by an init script that runs before the SDK's.
 * @module
 */
import type { Stack } from '@keyframe/devstack'

/** `createKeyframe`'s options for the test dApp, plus the origin they are for. */
export type TestDappConfig = {
  origin: string
  projectId: string
  frameUrl: string
  networks: {
    id: number
    name: string
    nativeCurrency: { name: string; symbol: string; decimals: number }
    rpcUrls: { default: { http: string[] } }
    testnet: true
  }[]
}

export function testDappConfig(stack: Stack, origin: string): TestDappConfig {
  return {
    origin,
    projectId: stack.projectId,
    frameUrl: stack.frameUrl,
    networks: stack.chains.map((chain) => ({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: true,
    })),
  }
}

/** The init script that sets `window.__keyframeTestDapp`, on the test dApp's origin only. */
export function configScript(config: TestDappConfig): string {
  const json = JSON.stringify(config)
  return `if (location.origin === ${JSON.stringify(config.origin)}) window.__keyframeTestDapp = ${json}`
}
