/**
 * The six boxes of a mailed code in the frame's prompt (SECURITY.md §0: secrets are typed only in the
 * frame). A digit fills its box and moves on; Backspace empties the box (from an empty box, the one before);
 * Delete empties it; arrows, Home and End move; anything else printable is refused. A pasted or autofilled
 * code (spaces and dashes dropped) fills the boxes, from the first when it is a whole code. Nothing here
 * submits: the form's Verify button (or Enter) does, so fixing one digit of a full code costs no try.
 * @module
 */

/** Digits in a mailed code (the server's login and re-verification codes). */
export const CODE_LENGTH = 6

export type CodeBoxes = {
  /** One `role=group`, named by `labelledBy`, holding the six inputs. */
  readonly group: HTMLElement
  readonly inputs: readonly HTMLInputElement[]
  /** The code when all six boxes hold a digit, else undefined. */
  code(): string | undefined
  /** Index of the first empty box (0 when all are empty), or -1 when the code is whole. */
  firstEmpty(): number
  /** Empties every box. */
  clear(): void
  /** Focuses box `index` (clamped) and selects its digit, so the next digit replaces it. */
  focus(index: number): void
}

export type CreateCodeBoxesParameters = {
  document: Document
  /** Id of the text that names the group: what the code is for and where it went. */
  labelledBy: string
}

const digitsOf = (text: string) => [...text.replace(/\D/g, '')]

/** Builds the boxes (not yet in the document). */
export function createCodeBoxes(parameters: CreateCodeBoxesParameters): CodeBoxes {
  const { document: doc, labelledBy } = parameters
  const group = doc.createElement('div')
  group.className = 'kfp-code'
  group.setAttribute('role', 'group')
  group.setAttribute('aria-labelledby', labelledBy)
  const inputs = Array.from({ length: CODE_LENGTH }, (_, index) => {
    const input = doc.createElement('input')
    input.type = 'text'
    input.inputMode = 'numeric'
    input.pattern = '[0-9]*'
    input.spellcheck = false
    // The first box takes an autofilled code from the mail or a text message; the others would offer noise.
    input.setAttribute('autocomplete', index === 0 ? 'one-time-code' : 'off')
    input.setAttribute('aria-label', `Digit ${index + 1} of ${CODE_LENGTH}`)
    input.addEventListener('keydown', (event) => onKeyDown(index, event))
    input.addEventListener('input', () => onInput(index))
    input.addEventListener('paste', (event) => onPaste(index, event))
    input.addEventListener('focus', () => input.select())
    return input
  })
  group.append(...inputs)
  // What each box held after the last change: an `input` event only shows what it holds now.
  const held = inputs.map(() => '')

  function set(index: number, digit: string) {
    const input = inputs[index]
    if (!input) return
    input.value = digit
    held[index] = digit
  }

  function focus(index: number) {
    const input = inputs[Math.max(0, Math.min(CODE_LENGTH - 1, index))]
    input?.focus()
    input?.select()
  }

  /** Writes `digits` from box `start` on (from the first box when they are a whole code), focus after. */
  function spread(start: number, digits: string[]) {
    if (digits.length === 0) return
    const from = digits.length >= CODE_LENGTH ? 0 : start
    const written = digits.slice(0, CODE_LENGTH - from)
    written.forEach((digit, i) => {
      set(from + i, digit)
    })
    focus(from + written.length)
  }

  function onKeyDown(index: number, event: KeyboardEvent) {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const move = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: CODE_LENGTH - 1 }[event.key]
    if (move !== undefined) {
      event.preventDefault()
      return focus(move)
    }
    if (/^\d$/.test(event.key)) {
      event.preventDefault()
      set(index, event.key)
      return focus(index + 1)
    }
    if (event.key === 'Backspace') {
      event.preventDefault()
      if (held[index] !== '' || index === 0) return set(index, '')
      set(index - 1, '')
      return focus(index - 1)
    }
    if (event.key === 'Delete') {
      event.preventDefault()
      return set(index, '')
    }
    // Enter submits the form; any other printable key is not a digit.
    if (event.key.length === 1) event.preventDefault()
  }

  // Text that came past the keys: an autofilled code, a phone's keyboard, dictation, a test's `fill`.
  function onInput(index: number) {
    const typed = digitsOf(inputs[index]?.value ?? '')
    const before = held[index] ?? ''
    set(index, '')
    if (typed.length === 0) return
    // A box that held a digit and got one more holds two: the new one wins.
    const at = before !== '' && typed.length === 2 ? typed.indexOf(before) : -1
    spread(index, at === -1 ? typed : typed.filter((_, i) => i !== at))
  }

  function onPaste(index: number, event: ClipboardEvent) {
    event.preventDefault()
    spread(index, digitsOf(event.clipboardData?.getData('text') ?? ''))
  }

  return {
    group,
    inputs,
    code() {
      const code = inputs.map((input) => input.value).join('')
      return code.length === CODE_LENGTH ? code : undefined
    },
    firstEmpty: () => inputs.findIndex((input) => input.value === ''),
    clear() {
      for (let index = 0; index < CODE_LENGTH; index++) set(index, '')
    },
    focus,
  }
}
