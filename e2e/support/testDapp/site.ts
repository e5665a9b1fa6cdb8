/**
 * MetaMask's test dApp (`@metamask/test-dapp` 9.9.0 from npm, a dApp nobody here wrote) served as it is
 * published, on a loopback origin of its own: another host than the demo dApp's, so another site too.
 * @module
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type StaticSite, startStaticSite } from '@keyframe/dev-fixtures'

/** The site's host: loopback, and neither the demo's 127.0.0.1 nor its second site's 127.0.0.2. */
export const TEST_DAPP_HOST = '127.0.0.3'

/** The published build of the test dApp (its `dist/`, as npm ships it). */
export const testDappDist = join(
  dirname(fileURLToPath(import.meta.resolve('@metamask/test-dapp/package.json'))),
  'dist',
)

/** Serves the test dApp's `dist/` on http://127.0.0.3:PORT (any free port). */
export function startTestDappSite(): Promise<StaticSite> {
  return startStaticSite({ root: testDappDist, host: TEST_DAPP_HOST, port: 0, name: 'test-dapp' })
}
