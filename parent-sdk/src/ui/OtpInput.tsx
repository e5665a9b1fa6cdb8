import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

/** Digits in a one-time code. */
export const OTP_LENGTH = 6

const EMPTY: readonly string[] = Array.from({ length: OTP_LENGTH }, () => '')

function digitsOf(text: string): string[] {
  return [...text.replace(/\D/g, '')]
}

export type OtpInputProps = {
  /** Id of the text that names the group (what the code is and where it was sent). */
  labelledBy: string
  /** Id of the error text, announced with the boxes while `invalid`. */
  errorId: string
  invalid: boolean
  /** A code is being checked: the boxes keep focus but take no input. */
  busy: boolean
  /** Called with the code once all six boxes hold a digit (after each edit that completes it). */
  onComplete(code: string): void
}

/**
 * Six single-digit boxes for a one-time code. Typing moves forward, Backspace on an empty box moves back
 * and clears it, arrows move, pasting (or an autofilled code) spreads the digits and a full code submits
 * itself. The first box takes the focus and carries `autocomplete="one-time-code"`, so browsers can offer
 * the code from the mail or a text message.
 */
export function OtpInput({ labelledBy, errorId, invalid, busy, onComplete }: OtpInputProps) {
  const [digits, setDigits] = useState<readonly string[]>(EMPTY)
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  // Before the modal's own focus rule runs (its layout effect comes after this one), so focus lands here.
  useLayoutEffect(() => {
    boxes.current[0]?.focus()
  }, [])

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]
    box?.focus()
    box?.select()
  }

  function update(next: string[], focusIndex: number) {
    setDigits(next)
    focusBox(focusIndex)
    if (next.every((d) => d !== '')) onComplete(next.join(''))
  }

  /** Writes `incoming` from box `start` on; a whole code always fills from the first box. */
  function spread(start: number, incoming: string[]) {
    if (incoming.length === 0) return
    const from = incoming.length >= OTP_LENGTH ? 0 : start
    const next = [...digits]
    incoming.slice(0, OTP_LENGTH - from).forEach((digit, i) => {
      next[from + i] = digit
    })
    update(next, Math.min(from + incoming.length, OTP_LENGTH - 1))
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (busy && event.key !== 'Tab') {
      if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete')
        event.preventDefault()
      return
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return
    if (/^\d$/.test(event.key)) {
      event.preventDefault()
      const next = [...digits]
      next[index] = event.key
      update(next, index + 1)
    } else if (event.key === 'Backspace') {
      event.preventDefault()
      const next = [...digits]
      if (next[index]) {
        next[index] = ''
        setDigits(next)
      } else if (index > 0) {
        next[index - 1] = ''
        setDigits(next)
        focusBox(index - 1)
      }
    } else if (event.key === 'Delete') {
      event.preventDefault()
      const next = [...digits]
      next[index] = ''
      setDigits(next)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focusBox(index + 1)
    } else if (event.key === 'Home') {
      event.preventDefault()
      focusBox(0)
    } else if (event.key === 'End') {
      event.preventDefault()
      focusBox(OTP_LENGTH - 1)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (digits.every((d) => d !== '')) onComplete(digits.join(''))
    } else if (event.key.length === 1) {
      // Anything else printable is not a digit: refused.
      event.preventDefault()
    }
  }

  // Input that bypassed the keys above: an autofilled code, a mobile keyboard, dictation.
  function onChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    if (busy) return
    const typed = digitsOf(event.target.value)
    if (typed.length === 0) {
      const next = [...digits]
      next[index] = ''
      setDigits(next)
      return
    }
    // A box that held a digit and got another one holds both: keep the new one.
    const held = digits[index] ?? ''
    const at = held && typed.length === 2 ? typed.indexOf(held) : -1
    spread(index, at === -1 ? typed : typed.filter((_, i) => i !== at))
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    if (busy) return
    spread(index, digitsOf(event.clipboardData.getData('text')))
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend; the group is named by the text above it
    <div className="kf-otp" role="group" aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions
          key={index}
          ref={(el) => {
            boxes.current[index] = el
          }}
          className="kf-otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          readOnly={busy}
          value={digit}
          onKeyDown={(event) => onKeyDown(index, event)}
          onChange={(event) => onChange(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </div>
  )
}
