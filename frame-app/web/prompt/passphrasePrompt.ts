/**
 * The frame's prompt: a form only the frame document can see, for the recovery passphrase of `passphrase`
 * recovery mode (create + repeat for a new wallet, enter on a new device or browser), and for every mailed
 * code: the login code (`login_code`, CONNECT_OTP), an e-mail update's two codes (`current_email_code`,
 * `new_email_code`) and a mailed code that confirms it is the person (`enter_code`, a fresh factor). Codes
 * go in six boxes (`codeBoxes.ts`) with Verify and, for the login, 'Resend code' (`resendCode.ts`). The
 * dApp never sees what is typed (SECURITY.md §0); the parent only hears PROMPT_REQUESTED / PROMPT_CLOSED
 * and shows the frame.
 *
 * Vanilla DOM, loaded on demand (it is not in the frame's first load). Styles go in through a constructed
 * stylesheet (`adoptedStyleSheets`): the frame's CSP (`style-src 'self'`) blocks `<style>` and style
 * attributes, not the CSSOM. Colours, sizes and the font are the frame's palette on the document
 * root (`data-theme` and the `--kf-*` variables, see `bridge/theme.ts`: fills from the parent's checked
 * tokens, text by contrast), with the modal's palette as fallback.
 * @module
 */
import type { EventPayload } from '@keyframe/protocol'
import {
  EMAIL_LOGIN_COOLDOWN_MS,
  RequestAbortedError,
  UserRejectedRequestError,
} from '@keyframe/protocol/core'
import { type CodeBoxes, createCodeBoxes } from './codeBoxes.ts'
import { createResendCode, type ResendCode } from './resendCode.ts'

/** What the prompt asks for (the kinds of PROMPT_REQUESTED). */
export type PromptKind = EventPayload<'PROMPT_REQUESTED'>['kind']

/** The frame → parent events of a prompt. */
export type PromptEventType = 'PROMPT_REQUESTED' | 'PROMPT_CLOSED'

export type AskOptions = {
  /** Aborting it rejects the pending `ask` with RequestAbortedError and closes the prompt. */
  signal?: AbortSignal
  /** Shown under the field, e.g. 'Wrong passphrase. Please try again.' on a retry. */
  error?: string
  /** Codes only: where the code went, as the copy shows it (an e-mail address, masked or not). */
  sentTo?: string
  /**
   * Codes only: mails a new code ('Resend code' is shown only with it). It rejects with the server's
   * refusal, which the prompt shows; on success the boxes and the error clear and the countdown restarts.
   */
  resend?: () => Promise<void>
  /** With `resend`: when the code was sent (ms since the epoch), where the 30 s countdown starts. */
  sentAt?: number
}

export type PassphrasePrompt = {
  /**
   * Shows the form (emitting PROMPT_REQUESTED when it becomes visible) and resolves with the passphrase as
   * typed (not normalized). The form then stays, busy ('Unlocking…', 'Securing your wallet…'), until the
   * next `ask` or `close()`.
   * @throws UserRejectedRequestError (4001) when the person presses Cancel; the prompt closes.
   * @throws RequestAbortedError when `signal` aborts; the prompt closes.
   * @throws Error when another `ask` is still waiting (one at a time).
   */
  ask(kind: PromptKind, options?: AskOptions): Promise<string>
  /**
   * Removes the form and emits PROMPT_CLOSED (only if it was shown). Idempotent. An `ask` still waiting
   * rejects with RequestAbortedError.
   */
  close(): void
}

export type CreatePassphrasePromptParameters = {
  /** The frame's document. */
  document: Document
  /** Sends a frame → parent event (the bridge's `emit` fits). */
  emit<T extends PromptEventType>(type: T, params: EventPayload<T>): void
  /** Shortest passphrase a new wallet accepts, in code points after NFKC (`MIN_PASSPHRASE_LENGTH`). */
  minLength: number
}

const COPY = {
  create_passphrase: {
    title: 'Create a recovery passphrase',
    text: 'You need it to use your wallet on a new device or browser. Nobody can reset it for you.',
    autocomplete: 'new-password',
    busy: 'Securing your wallet…',
  },
  enter_passphrase: {
    title: 'Enter your recovery passphrase',
    text: 'This is a new device or browser. Enter the passphrase you chose when you created your wallet.',
    autocomplete: 'current-password',
    busy: 'Unlocking…',
  },
  enter_code: {
    title: "Confirm it's you",
    text: 'Enter the 6-digit code we sent to {to} to sign.',
    autocomplete: 'one-time-code',
    busy: 'Checking…',
  },
  login_code: {
    title: 'Check your e-mail',
    text: 'Enter the 6-digit code we sent to {to}.',
    autocomplete: 'one-time-code',
    busy: 'Checking the code…',
  },
  current_email_code: {
    title: 'Confirm your current e-mail',
    text: 'Enter the 6-digit code we sent to your current e-mail, {to}.',
    autocomplete: 'one-time-code',
    busy: 'Checking the code…',
  },
  new_email_code: {
    title: 'Confirm your new e-mail',
    text: 'Enter the 6-digit code we sent to your new e-mail, {to}.',
    autocomplete: 'one-time-code',
    busy: 'Checking the code…',
  },
} as const satisfies Record<PromptKind, { title: string; text: string; autocomplete: string; busy: string }>

/** The kinds that ask for a mailed code (six boxes and Verify) rather than a passphrase. */
const CODE_KINDS: readonly PromptKind[] = ['enter_code', 'login_code', 'current_email_code', 'new_email_code']

// Fallbacks are the parent modal's palette (dark by default, as the parent's theme is), so the frame looks
// like part of the modal even before a SYNC_THEME; the frame's palette on the root (`bridge/theme.ts`) wins.
const CSS = `
.kfp{--bg:var(--kf-bg,#17181b);--surface:var(--kf-surface,#222428);--border:var(--kf-border,#33363c);--control:var(--kf-control,#717782);--text:var(--kf-text,#f3f4f6);--muted:var(--kf-text-muted,#a0a6b0);--accent:var(--kf-accent,#7b93ff);--on-accent:var(--kf-accent-text,#0c0f1a);--focus:var(--kf-focus,#a5b6ff);--error:var(--kf-error,#ff7a7a);color-scheme:dark;
position:fixed;inset:0;overflow:auto;display:flex;flex-direction:column;gap:6px;margin:0;padding:16px 20px 20px;background:var(--bg);color:var(--text);font:var(--kf-font-size,14px)/1.4 var(--kf-font-family,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);-webkit-font-smoothing:antialiased}
:root[data-theme=light] .kfp{--bg:var(--kf-bg,#fff);--surface:var(--kf-surface,#f3f4f6);--border:var(--kf-border,#e0e3e8);--control:var(--kf-control,#7d8490);--text:var(--kf-text,#15171a);--muted:var(--kf-text-muted,#5d6470);--accent:var(--kf-accent,#3554d1);--on-accent:var(--kf-accent-text,#fff);--focus:var(--kf-focus,#3554d1);--error:var(--kf-error,#d23c3c);color-scheme:light}
.kfp *{box-sizing:border-box}
.kfp h1{margin:0;font-size:16px;font-weight:600}
.kfp p{margin:0}
.kfp-text,.kfp-busy{color:var(--muted)}
.kfp label{margin-top:8px;font-size:13px;color:var(--muted)}
.kfp input{width:100%;height:44px;padding:0 14px;border:1px solid var(--control);border-radius:var(--kf-radius-control,12px);background:var(--surface);color:var(--text);font:inherit;font-size:15px}
.kfp input[aria-invalid=true]{border-color:var(--error)}
.kfp-error{min-height:18px;font-size:13px;color:var(--error)}
.kfp-busy:empty{display:none}
.kfp-actions{display:flex;gap:8px;margin-top:auto;padding-top:8px}
.kfp button{flex:1;min-height:44px;padding:0 14px;border:1px solid var(--border);border-radius:var(--kf-radius-control,12px);background:var(--surface);color:var(--text);font:inherit;font-weight:500;cursor:pointer}
.kfp button[type=submit]{border-color:transparent;background:var(--accent);color:var(--on-accent)}
.kfp :disabled{opacity:.5;cursor:not-allowed}
.kfp :focus{outline:none}
.kfp :focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.kfp input:focus-visible{outline-offset:0;border-color:var(--focus)}
.kfp-text{overflow-wrap:anywhere}
.kfp-code{display:flex;gap:8px;margin-top:8px}
.kfp .kfp-code input{flex:1 1 0;min-width:0;height:48px;padding:0;text-align:center;font-size:20px;font-variant-numeric:tabular-nums}
.kfp .kfp-link{flex:none;align-self:flex-start;min-height:32px;padding:0 2px;border:none;border-radius:4px;background:none;color:var(--text);text-decoration:underline}
.kfp .kfp-link[aria-disabled=true]{color:var(--muted);text-decoration:none;cursor:default}
`

type Shown = {
  kind: PromptKind
  form: HTMLFormElement
  inputs: HTMLInputElement[]
  /** Codes only: the six boxes (their inputs are `inputs`). */
  boxes?: CodeBoxes
  /** Codes the caller can mail again only. */
  resend?: ResendCode
  error: HTMLElement
  /** The status line: what the prompt is doing ('Checking the code…'), or that a new code was sent. */
  busy: HTMLElement
}

type Waiting = { resolve(value: string): void; reject(error: unknown): void; cleanup(): void }

/**
 * Creates the passphrase prompt of one frame document. Nothing is shown until `ask`.
 * @example
 * const prompt = createPassphrasePrompt({ document, emit: context.emit, minLength: MIN_PASSPHRASE_LENGTH })
 * try {
 *   const passphrase = await prompt.ask('create_passphrase', { signal })
 *   await encryptWith(passphrase)
 * } finally {
 *   prompt.close()
 * }
 */
export function createPassphrasePrompt(parameters: CreatePassphrasePromptParameters): PassphrasePrompt {
  const { document: doc, emit, minLength } = parameters
  const win = doc.defaultView
  let shown: Shown | undefined
  let waiting: Waiting | undefined
  let sheet: CSSStyleSheet | undefined

  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K] {
    const element = Object.assign(doc.createElement(tag), props)
    element.append(...children)
    return element
  }

  function adoptStyles() {
    // Unstyled rather than broken where constructed stylesheets are missing (old engines).
    const Sheet = win?.CSSStyleSheet
    if (!Sheet || !('adoptedStyleSheets' in doc)) return
    if (!sheet) {
      sheet = new Sheet()
      sheet.replaceSync(CSS)
    }
    if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  }

  function build(kind: PromptKind, options: AskOptions): Shown {
    const copy = COPY[kind]
    const sentTo = options.sentTo ?? 'your e-mail address'
    const error = el('p', { id: 'kfp-error', className: 'kfp-error' })
    error.setAttribute('role', 'alert')
    const busy = el('p', { className: 'kfp-busy' })
    busy.setAttribute('role', 'status')
    const code = CODE_KINDS.includes(kind)
    let fields: Node[]
    let inputs: HTMLInputElement[]
    let boxes: CodeBoxes | undefined
    let resend: ResendCode | undefined
    if (code) {
      // A one-time code is not a secret to hide while typing it: plain text, the numeric keypad.
      boxes = createCodeBoxes({ document: doc, labelledBy: 'kfp-text' })
      inputs = [...boxes.inputs]
      fields = [boxes.group]
      if (options.resend) {
        resend = createResendCode({
          document: doc,
          sentAt: options.sentAt ?? Date.now(),
          cooldownMs: EMAIL_LOGIN_COOLDOWN_MS,
          resend: options.resend,
          onSent() {
            if (!shown) return
            shown.boxes?.clear()
            showError('')
            shown.busy.textContent = `A new code was sent to ${sentTo}.`
            shown.boxes?.focus(0)
          },
          onError: (message) => showError(message),
        })
      }
    } else {
      const field = (id: string, label: string, autocomplete: string) => {
        const input = el('input', { id, type: 'password' })
        input.setAttribute('autocomplete', autocomplete)
        return [el('label', { htmlFor: id }, label), input] as const
      }
      const pairs = [field('kfp-passphrase', 'Passphrase', copy.autocomplete)]
      if (kind === 'create_passphrase') pairs.push(field('kfp-repeat', 'Repeat passphrase', 'new-password'))
      fields = pairs.flat()
      inputs = pairs.map(([, input]) => input)
    }
    for (const input of inputs) input.setAttribute('aria-describedby', 'kfp-error')
    const cancel = el('button', { type: 'button' }, 'Cancel')
    const form = el(
      'form',
      { className: 'kfp', noValidate: true },
      el('h1', { id: 'kfp-title' }, copy.title),
      el('p', { id: 'kfp-text', className: 'kfp-text' }, copy.text.replace('{to}', sentTo)),
      ...fields,
      error,
      busy,
      ...(resend ? [resend.button] : []),
      el(
        'div',
        { className: 'kfp-actions' },
        cancel,
        el('button', { type: 'submit' }, code ? 'Verify' : 'Continue'),
      ),
    )
    form.setAttribute('aria-labelledby', 'kfp-title')
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      submit()
    })
    cancel.addEventListener('click', () => finish(new UserRejectedRequestError()))
    form.addEventListener('keydown', onKeyDown)
    return { kind, form, inputs, ...(boxes && { boxes }), ...(resend && { resend }), error, busy }
  }

  /**
   * Shows `message` under the field, marks `invalid` (or nothing) and focuses it. The six boxes are one
   * field: all are marked when one is.
   */
  function showError(message: string, invalid?: HTMLInputElement) {
    if (!shown) return
    const { boxes } = shown
    shown.error.textContent = message
    for (const input of shown.inputs) {
      input.setAttribute('aria-invalid', String(boxes ? invalid !== undefined : input === invalid))
    }
    invalid?.focus()
  }

  function submit() {
    if (!shown || !waiting) return
    const [first, repeat] = shown.inputs as [HTMLInputElement, HTMLInputElement?]
    const value = first.value
    const normalized = value.normalize('NFKC')
    if (shown.kind === 'enter_passphrase' && value === '') {
      return showError('Enter your passphrase', first)
    }
    const { boxes } = shown
    const code = boxes?.code()
    // An incomplete code is refused here, not by the server: it would cost a try.
    if (boxes && code === undefined) {
      return showError('Enter the 6-digit code', boxes.inputs[boxes.firstEmpty()])
    }
    if (shown.kind === 'create_passphrase') {
      if ([...normalized].length < minLength) return showError(`Use at least ${minLength} characters`, first)
      if (repeat && repeat.value.normalize('NFKC') !== normalized) {
        return showError('The passphrases do not match', repeat)
      }
    }
    setBusy(true)
    const current = waiting
    waiting = undefined
    current.cleanup()
    current.resolve(code ?? value)
  }

  function setBusy(busy: boolean) {
    if (!shown) return
    const { form } = shown
    for (const control of form.querySelectorAll('input, button'))
      (control as HTMLButtonElement).disabled = busy
    form.setAttribute('aria-busy', String(busy))
    shown.busy.textContent = busy ? COPY[shown.kind].busy : ''
    // The secret does not stay in the page longer than needed. A code does, to be fixed in place if refused.
    if (busy && !shown.boxes) for (const input of shown.inputs) input.value = ''
  }

  // Escape is Cancel. Tab stays in the form: the frame is all the person should be typing in now, and
  // leaving it would land in the page behind the modal (the parent's focus trap cannot reach in here).
  function onKeyDown(event: KeyboardEvent) {
    if (!shown || !waiting) return
    if (event.key === 'Escape') {
      event.preventDefault()
      return finish(new UserRejectedRequestError())
    }
    if (event.key !== 'Tab') return
    const controls = [...shown.form.querySelectorAll<HTMLElement>('input, button')]
    const edge = event.shiftKey ? controls[0] : controls[controls.length - 1]
    if (doc.activeElement !== edge) return
    event.preventDefault()
    ;(event.shiftKey ? controls[controls.length - 1] : controls[0])?.focus()
  }

  // A parent that shows the frame focuses the iframe; the frame's own focus() may have failed while it was
  // hidden (display:none), so the first field takes focus now unless something in the form has it.
  function onWindowFocus() {
    if (shown && waiting && !shown.form.contains(doc.activeElement)) shown.inputs[0]?.focus()
  }

  /** Ends the pending `ask` with `error` and closes the prompt: there is nothing left to type. */
  function finish(error: unknown) {
    const current = waiting
    waiting = undefined
    current?.cleanup()
    close()
    current?.reject(error)
  }

  function close() {
    if (waiting) return finish(new RequestAbortedError('other'))
    if (!shown) return
    removeShown()
    win?.removeEventListener('focus', onWindowFocus)
    if (sheet) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
    emit('PROMPT_CLOSED', {})
  }

  function removeShown() {
    shown?.resend?.stop()
    shown?.form.remove()
    shown = undefined
  }

  function ask(kind: PromptKind, options: AskOptions = {}): Promise<string> {
    const { signal, error } = options
    if (waiting) return Promise.reject(new Error('The passphrase prompt is already waiting for an answer'))
    if (signal?.aborted) {
      close()
      return Promise.reject(new RequestAbortedError('other'))
    }
    const appearing = !shown
    // Another kind in the open prompt (a login code, then a new wallet's passphrase): the parent hears it.
    const changing = shown !== undefined && shown.kind !== kind
    if (changing) removeShown()
    if (!shown) {
      adoptStyles()
      shown = build(kind, options)
      doc.body.append(shown.form)
    }
    setBusy(false)
    // A refused code stays in its boxes, so one wrong digit can be fixed without typing the rest again.
    if (!(shown.boxes && error !== undefined)) {
      shown.boxes?.clear()
      for (const input of shown.inputs) input.value = ''
    }
    const first = shown.inputs[0]
    showError(error ?? '', error ? first : undefined)
    first?.focus()
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => finish(new RequestAbortedError('other'))
      waiting = {
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      if (appearing) win?.addEventListener('focus', onWindowFocus)
      if (appearing || changing) emit('PROMPT_REQUESTED', { kind })
    })
  }

  return { ask, close }
}
