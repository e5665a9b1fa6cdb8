/**
 * The frame document's entry: one module graph in one file; what a login needs (custody crypto, the
 * passphrase prompt) and the RPC and signing code come later, as chunks imported on demand. Order matters (SECURITY.md §3):
 * the message guard is installed first, before any other `message` listener exists; the bridge's listener
 * comes after it, and READY only once that listener is in place. No module in this graph listens to messages
 * when it is evaluated, so static imports keep that order.
 *
 * Why one file: READY needs the validation code (zod + the message table) loaded anyway, and in headless
 * Chromium a small entry that `import()`s a modulepreloaded bridge chunk was measured ~8–15 ms slower to
 * READY than this single file (the extra request and the dynamic-import hop; the work is the same).
 * `keyframe:boot` below is therefore marked after the bundle's module code (zod schemas) has evaluated.
 */
import { bootFrame } from './bridge/boot.ts'
import { installGuard } from './bridge/guard.ts'
import { startBridge } from './bridge/start.ts'
import { createSocialInbox } from './login/socialInbox.ts'
import { loadAddedChains, saveAddedChain } from './rpc/addedChains.ts'
import { createAccountServices } from './session/services.ts'

performance.mark('keyframe:boot')
const socialInbox = createSocialInbox()
const guard = installGuard(window, window.parent, {
  origin: location.origin,
  receive: socialInbox.receive,
})

const boot = bootFrame({
  search: location.search,
  configText: document.getElementById('keyframe-config')?.textContent,
  isTopLevel: window.parent === window,
  ancestorOrigins: location.ancestorOrigins,
})

if (boot.ok) {
  guard.pin(boot.parentOrigin)
  try {
    const storage = localStorageOf(window)
    startBridge({
      window,
      parentOrigin: boot.parentOrigin,
      projectId: boot.projectId,
      chainId: boot.chainId,
      chains: [...boot.chains, ...loadAddedChains(storage, boot.parentOrigin, boot)],
      addableChains: boot.addableChains,
      keepChain: (chain) => saveAddedChain(storage, boot.parentOrigin, chain),
      approvalTimeoutMs: boot.approvalTimeoutMs,
      logins: boot.logins,
      account: (emit) => createAccountServices(window, emit, socialInbox),
    })
  } catch (error) {
    console.error('Keyframe frame: the bridge failed to start', error)
  }
} else {
  // Only the person at the devtools sees this; the embedding page gets nothing.
  console.warn(`Keyframe frame: not starting: ${boot.reason}`)
}

/** localStorage, or undefined where reading it throws (storage disabled). */
function localStorageOf(win: Window): Storage | undefined {
  try {
    return win.localStorage
  } catch {
    return undefined
  }
}
