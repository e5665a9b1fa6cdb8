/** @jsxImportSource preact */
import type { Toast as ToastValue } from '../core/toasts.ts'

const VARIANT_LABEL = { loading: 'In progress', success: 'Done', error: 'Error' } as const

/** The toast line at the bottom of the card. The live region around it is always present, so it is announced. */
export function Toast({ toast }: { toast: ToastValue }) {
  return (
    <div className={`kf-toast kf-toast-${toast.variant}`}>
      <span className="kf-toast-icon" aria-hidden="true" />
      <span className="kf-visually-hidden">{VARIANT_LABEL[toast.variant]}: </span>
      <span>{toast.message}</span>
    </div>
  )
}
