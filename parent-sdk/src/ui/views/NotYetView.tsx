/** @jsxImportSource preact */
import type { ViewName } from '../../core/router.ts'
import { type BuiltView, NOT_YET } from '../viewCopy.ts'

/** A view whose feature has not landed yet: says so plainly; the header's back and close still work. */
export function NotYetView({ view }: { view: Exclude<ViewName, BuiltView> }) {
  return <p className="kf-note">{NOT_YET[view]}</p>
}
