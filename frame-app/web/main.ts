/**
 * The frame document's entry. Order matters (SECURITY.md §3): the message guard is installed first, and
 * post-robot — which starts listening and answering as soon as it is evaluated — is only `import()`ed after
 * it, so no static import of this module may lead to post-robot.
 */
import { bootFrame } from './bridge/boot.ts'
import { installGuard } from './bridge/guard.ts'

performance.mark('keyframe:boot')
const guard = installGuard(window, window.parent)

const boot = bootFrame({
  search: location.search,
  configText: document.getElementById('keyframe-config')?.textContent,
  isTopLevel: window.parent === window,
  ancestorOrigins: location.ancestorOrigins,
})

if (boot.ok) {
  guard.pin(boot.parentOrigin)
  import('./bridge/start.ts').then(
    ({ startBridge }) =>
      startBridge({
        window,
        parentOrigin: boot.parentOrigin,
        projectId: boot.projectId,
        chainId: boot.chainId,
      }),
    (error: unknown) => console.error('Keyframe frame: the bridge failed to load', error),
  )
} else {
  // Only the person at the devtools sees this; the embedding page gets nothing.
  console.warn(`Keyframe frame: not starting: ${boot.reason}`)
}
