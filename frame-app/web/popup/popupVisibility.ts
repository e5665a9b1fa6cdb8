/**
 * The approval popup's visibility source for the gate (`approve/gate.ts`): the whole screen in view, the
 * document visible, and the window focused. A top-level window cannot be drawn over by a page, but another
 * window can be put in front of it (the page may open one of its own, looking like this one): the popup then
 * loses the focus, and the gate closes and starts its clock again.
 * @module
 */
import { intersectionVisibility, type VisibilitySource } from '../approve/visibility.ts'

export const popupVisibility: VisibilitySource = (target, report) => {
  const doc = target.ownerDocument
  const win = doc.defaultView
  if (!win) return () => {}
  let inView = false
  const update = () => report(inView && doc.visibilityState === 'visible' && doc.hasFocus())
  const stopView = intersectionVisibility(target, (visible) => {
    inView = visible
    update()
  })
  win.addEventListener('focus', update)
  win.addEventListener('blur', update)
  doc.addEventListener('visibilitychange', update)
  return () => {
    stopView()
    win.removeEventListener('focus', update)
    win.removeEventListener('blur', update)
    doc.removeEventListener('visibilitychange', update)
  }
}
