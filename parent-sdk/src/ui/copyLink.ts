import type { Keyframe } from '../core/createKeyframe.ts'

/** Copies a link the person is to open elsewhere (a pairing or login URI), and says how it went in a toast. */
export async function copyLink(kf: Keyframe, text: string) {
  try {
    await navigator.clipboard.writeText(text)
    kf._internal.toasts.show('success', 'Link copied')
  } catch {
    kf._internal.toasts.show('error', 'Could not copy the link')
  }
}
