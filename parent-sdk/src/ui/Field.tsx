/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact'

/** What a field's control carries: its id and the accessibility wiring to its error and descriptions. */
export type FieldControl = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string
}

/**
 * A form field of the wallet views: label, the control (drawn by `children` with the attributes it is
 * given), an optional hint, then the error (`role="alert"`, `${id}-error`) and whatever follows it
 * (`after`, e.g. a status line). `aria-invalid` follows the error; `aria-describedby` names the hint, the
 * error and `describedBy`, in that order. A form with one error line for all its fields passes `errorId`:
 * the field then draws no error of its own and points at that one.
 */
export function Field({
  id,
  label,
  error,
  hint,
  errorId,
  describedBy = [],
  className = 'kf-field',
  after,
  children,
}: {
  /** The control's id. */
  id: string
  label: ComponentChildren
  /** The field's error; empty or undefined when there is none. */
  error: ComponentChildren
  /** A line under the control saying what it takes (`${id}-hint`). */
  hint?: ComponentChildren
  /** The id of an error line outside the field, shown instead of the field's own. */
  errorId?: string
  /** Ids of further text describing the control, after its error. */
  describedBy?: readonly string[]
  className?: string
  after?: ComponentChildren
  children: (control: FieldControl) => ComponentChildren
}) {
  const hintId = hint === undefined ? undefined : `${id}-hint`
  const ownErrorId = errorId ?? `${id}-error`
  const control: FieldControl = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, ownErrorId, ...describedBy].filter(Boolean).join(' '),
  }
  return (
    <div className={className}>
      <label className="kf-label" htmlFor={id}>
        {label}
      </label>
      {children(control)}
      {hint !== undefined && (
        <p className="kf-info kf-hint" id={hintId}>
          {hint}
        </p>
      )}
      {errorId === undefined && (
        <p className="kf-error" id={ownErrorId} role="alert">
          {error}
        </p>
      )}
      {after}
    </div>
  )
}
