/**
 * The approval screen's DOM: what is being signed, from the details the RPC handlers built from the exact
 * request, and the two buttons. Everything the dApp supplied goes in as text (`textContent`), never markup.
 * The screen fills the frame's viewport; details that do not fit scroll inside it, in one scroll area, and
 * the hint line and the buttons below them stay in view (what the gate in `gate.ts` checks).
 *
 * Styles go in through a constructed stylesheet (`adoptedStyleSheets`), as the passphrase prompt's do: the
 * frame's CSP (`style-src 'self'`) blocks `<style>` and style attributes, not the CSSOM. Colours, sizes and
 * the font are the frame's palette on the document root (`bridge/theme.ts`, `theme/palette.ts`: fills from the
 * parent's checked tokens, text by contrast), with the modal's palette as fallback. Nothing on the
 * screen's root may fade, move or filter it: IntersectionObserver v2 would call it not visible.
 * @module
 */
import type { ApprovalCall, ApprovalDetails, DecodedCall } from './details.ts'
import type { GateHint } from './gate.ts'
import { signInContent, signInTitle } from './signInScreen.ts'
import { isWalletDetails, walletContent, walletTitle } from './walletScreen.ts'

export type ApprovalScreen = {
  /** The whole screen; what the visibility gate watches. */
  readonly root: HTMLElement
  /** The details above the buttons, scrolling inside the screen when they do not fit; in the tab order. */
  readonly body: HTMLElement
  /** Why Approve is not usable yet, when the person can know or do something about it ({@link setHint}). */
  readonly hint: HTMLElement
  /** A button to assistive technology and the keyboard, but not a `<button>` (why: where it is made). */
  readonly approve: HTMLElement
  readonly reject: HTMLButtonElement
  /** Takes the screen (and its stylesheet) out of the document. */
  remove(): void
}

/** Whether a control of the screen can be used: not `disabled` (Reject), not `aria-disabled` (Approve). */
export function isUsable(control: HTMLElement): boolean {
  return !control.matches(':disabled, [aria-disabled="true"]')
}

/** Makes Approve usable or not (`aria-disabled`: it is not a `<button>`, so it has no `disabled`). */
export function setUsable(control: HTMLElement, usable: boolean): void {
  control.setAttribute('aria-disabled', String(!usable))
}

/** What the hint says for each of the gate's reasons (`gate.ts`). */
const HINTS: Record<Exclude<GateHint, undefined>, string> = {
  review: 'Scroll to the end to review everything',
  small: 'Too small to show the whole request',
}

/**
 * Shows `hint`'s text, or nothing. Its line is always there, at a fixed height: the hint coming or going
 * must not change the details' room, which the gate measures (a hint that took room could itself make the
 * details overflow, and stay for that reason alone).
 */
export function setHint(element: HTMLElement, hint: GateHint): void {
  element.textContent = hint ? HINTS[hint] : ''
}

/** Typed data nests; deeper than this a value is shown as JSON text. */
const MAX_DEPTH = 6
/** Hex digits of unknown calldata kept after the selector, and at the end. */
const DATA_HEAD = 16
const DATA_TAIL = 8
/** Significant digits a fee is shown with; the exact amount is in its title. */
const FEE_DIGITS = 6

const CSS = `
.kfa{--bg:var(--kf-bg,#17181b);--surface:var(--kf-surface,#222428);--border:var(--kf-border,#33363c);--text:var(--kf-text,#f3f4f6);--muted:var(--kf-text-muted,#a0a6b0);--accent:var(--kf-accent,#7b93ff);--on-accent:var(--kf-accent-text,#0c0f1a);--focus:var(--kf-focus,#a5b6ff);--warn:var(--kf-error,#ff7a7a);color-scheme:dark;
position:fixed;inset:0;display:flex;flex-direction:column;margin:0;background:var(--bg);color:var(--text);font:var(--kf-font-size,14px)/1.4 var(--kf-font-family,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);-webkit-font-smoothing:antialiased}
:root[data-theme=light] .kfa{--bg:var(--kf-bg,#fff);--surface:var(--kf-surface,#f3f4f6);--border:var(--kf-border,#e0e3e8);--text:var(--kf-text,#15171a);--muted:var(--kf-text-muted,#5d6470);--accent:var(--kf-accent,#3554d1);--on-accent:var(--kf-accent-text,#fff);--focus:var(--kf-focus,#3554d1);--warn:var(--kf-error,#d23c3c);color-scheme:light}
.kfa *{box-sizing:border-box}
.kfa-body{flex:1;overflow:auto;display:flex;flex-direction:column;gap:10px;padding:16px 20px 8px}
.kfa h1{margin:0;font-size:16px;font-weight:600}
.kfa h2{margin:4px 0 0;font-size:13px;font-weight:600;color:var(--muted)}
.kfa dl{display:flex;flex-direction:column;gap:6px;margin:0;padding:10px 12px;border:1px solid var(--border);border-radius:var(--kf-radius-control,12px);background:var(--surface)}
.kfa dl dl{padding:4px 0 0 10px;border:0;border-left:2px solid var(--border);border-radius:0}
.kfa dl>div{display:flex;gap:10px;justify-content:space-between;align-items:baseline;min-width:0}
.kfa dt{flex:none;color:var(--muted);font-size:13px}
.kfa dd{margin:0;min-width:0;text-align:right;overflow-wrap:anywhere}
.kfa dd.kfa-nest{flex:1}
.kfa code,.kfa pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere;word-break:break-all}
.kfa pre{margin:0;padding:10px 12px;white-space:pre-wrap;unicode-bidi:plaintext;border:1px solid var(--border);border-radius:var(--kf-radius-control,12px);background:var(--surface)}
.kfa-amount{font-weight:600}
.kfa-unlimited{color:var(--warn)}
.kfa-note{margin:0;font-size:13px;color:var(--muted)}
.kfa .kfa-warn{color:var(--warn)}
.kfa-check{display:flex;gap:6px;align-items:baseline;margin:0;font-weight:600}
.kfa-statement{margin:0;overflow-wrap:anywhere;white-space:pre-wrap;unicode-bidi:plaintext}
.kfa-resources{display:flex;flex-direction:column;gap:6px;margin:0;padding:0 0 0 18px;overflow-wrap:anywhere}
.kfa-full summary{cursor:pointer;color:var(--muted);font-size:13px}
.kfa-full pre{margin-top:6px}
.kfa-actions{display:flex;gap:8px;padding:8px 20px 16px}
.kfa-hint{flex:none;margin:0;padding:0 20px;height:18px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font-size:12px;line-height:18px;color:var(--muted)}
.kfa .kfa-body:focus-visible{outline-offset:-2px}
.kfa-actions>*{flex:1;box-sizing:border-box;display:flex;align-items:center;justify-content:center;min-height:44px;padding:0 14px;border:1px solid var(--border);border-radius:var(--kf-radius-control,12px);background:var(--surface);color:var(--text);font:inherit;font-weight:500;cursor:pointer;user-select:none}
.kfa .kfa-approve{border-color:transparent;background:var(--accent);color:var(--on-accent)}
.kfa :disabled,.kfa [aria-disabled=true]{opacity:.5;cursor:not-allowed}
.kfa :focus{outline:none}
.kfa :focus-visible{outline:2px solid var(--focus);outline-offset:2px}
`

const sheets = new WeakMap<Document, CSSStyleSheet>()

/** One sheet per document, adopted while a screen is up. Unstyled rather than broken without the API. */
function adoptStyles(doc: Document): CSSStyleSheet | undefined {
  const Sheet = doc.defaultView?.CSSStyleSheet
  if (!Sheet || !('adoptedStyleSheets' in doc)) return undefined
  let sheet = sheets.get(doc)
  if (!sheet) {
    sheet = new Sheet()
    sheet.replaceSync(CSS)
    sheets.set(doc, sheet)
  }
  if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  return sheet
}

/** A title for what is asked. */
function titleOf(details: ApprovalDetails): string {
  if (isWalletDetails(details)) return walletTitle(details)
  if (details.kind === 'message') return 'Sign message'
  if (details.kind === 'signIn') return signInTitle(details)
  if (details.kind === 'typedData' || details.kind === 'typedDataV1') return 'Sign typed data'
  return details.calls.length > 1 ? `Approve ${details.calls.length} calls` : 'Approve transaction'
}

const DOMAIN_LABELS: Record<string, string> = {
  name: 'Name',
  version: 'Version',
  chainId: 'Chain ID',
  verifyingContract: 'Contract',
  salt: 'Salt',
}

const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount)

/** `0x` + selector, the next digits, `…`, the last digits and the size; whole when short. */
export function truncateData(data: `0x${string}`): string {
  const digits = data.slice(2)
  const bytes = Math.floor(digits.length / 2)
  if (digits.length <= 8 + DATA_HEAD + DATA_TAIL) return `${data} (${bytes} bytes)`
  return `0x${digits.slice(0, 8 + DATA_HEAD)}…${digits.slice(-DATA_TAIL)} (${bytes} bytes)`
}

/**
 * A decimal amount cut to `digits` significant digits (never fewer than its whole units), rounded up: a
 * maximum fee must not look smaller than it is. Exact decimal arithmetic; other text comes back unchanged.
 * @example roundUpSignificant('0.000062493619943799') // '0.0000624937'
 */
export function roundUpSignificant(amount: string, digits = FEE_DIGITS): string {
  const match = /^(\d+)\.(\d+)$/.exec(amount)
  if (!match) return amount
  const [, whole = '', fraction = ''] = match
  const wholeDigits = whole.replace(/^0+/, '').length
  const keep = wholeDigits > 0 ? Math.max(0, digits - wholeDigits) : fraction.search(/[1-9]|$/) + digits
  if (fraction.length <= keep) return amount
  const unit = 10n ** BigInt(fraction.length - keep)
  const scaled = BigInt(whole + fraction)
  const kept = (scaled + unit - 1n) / unit
  if (keep === 0) return kept.toString()
  const text = kept.toString().padStart(keep + 1, '0')
  return `${text.slice(0, -keep)}.${text.slice(-keep)}`.replace(/\.?0+$/, '')
}

/** A fee ("<amount> <symbol>") rounded for reading, with the exact text as its title. */
function feeText(fee: string): { text: string; exact: string } {
  const space = fee.indexOf(' ')
  const amount = space < 0 ? fee : fee.slice(0, space)
  return { text: roundUpSignificant(amount) + (space < 0 ? '' : fee.slice(space)), exact: fee }
}

/** A typed-data leaf as text; bigints (uint256 values) and the rest as JSON would write them. */
function leafText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value)
  if (value === null || value === undefined) return String(value)
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? ''
}

/**
 * Renders `details` into a new screen at the end of `doc.body`, filling the frame (the parent decides where
 * the frame shows). Approve starts disabled; the caller enables it through the visibility gate.
 */
export function renderApprovalScreen(doc: Document, details: ApprovalDetails): ApprovalScreen {
  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K] {
    const element = Object.assign(doc.createElement(tag), props)
    element.append(...children)
    return element
  }
  const code = (text: string) => el('code', {}, text)
  const row = (label: string, value: Node | string) => {
    const dd = el('dd', {}, value)
    if (typeof value !== 'string' && value.nodeName === 'DL') dd.className = 'kfa-nest'
    return el('div', {}, el('dt', {}, label), dd)
  }
  const list = (...rows: HTMLElement[]) => el('dl', {}, ...rows)
  const native = (amount: string) => `${amount} ${details.chain.nativeSymbol}`
  const fee = (exact: string) => {
    const { text } = feeText(exact)
    return el('span', text === exact ? {} : { title: exact }, text)
  }

  /** A typed-data struct or array as nested rows. */
  function fields(value: Record<string, unknown> | unknown[], depth: number): HTMLDListElement {
    const entries = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value)
    return list(
      ...entries.map(([key, v]) =>
        row(
          key,
          typeof v === 'object' && v !== null && depth < MAX_DEPTH
            ? fields(v as Record<string, unknown>, depth + 1)
            : code(leafText(v)),
        ),
      ),
    )
  }

  function decodedRows(decoded: DecodedCall): HTMLElement[] {
    if (decoded.kind === 'erc20Transfer') {
      const { token } = decoded
      return [
        row('Send', el('span', { className: 'kfa-amount' }, `${token.amount} ${token.symbol}`)),
        row('To', code(decoded.to)),
        row('Token', code(token.address)),
      ]
    }
    if (decoded.kind === 'erc20Approve') {
      const { token } = decoded
      const amount = decoded.unlimited
        ? el('span', { className: 'kfa-amount kfa-unlimited' }, `Unlimited ${token.symbol}`)
        : el('span', { className: 'kfa-amount' }, `${token.amount} ${token.symbol}`)
      return [
        row('Allow to spend', amount),
        row('Spender', code(decoded.spender)),
        row('Token', code(token.address)),
      ]
    }
    return []
  }

  function callRows(call: ApprovalCall): HTMLElement[] {
    const { decoded } = call
    if (decoded && decoded.kind !== 'unknown') {
      // A token call that also moves native currency must say so.
      return [...decodedRows(decoded), ...(isZero(call.value) ? [] : [row('Value', native(call.value))])]
    }
    const rows = [
      row('To', call.to ? code(call.to) : 'New contract'),
      row('Value', el('span', { className: 'kfa-amount' }, native(call.value))),
    ]
    if (decoded) {
      // A deployment's data is code, with no function to name.
      if (call.to && decoded.data.length >= 10) rows.push(row('Function', code(decoded.data.slice(0, 10))))
      rows.push(row('Data', code(truncateData(decoded.data))))
    }
    return rows
  }

  function content(): HTMLElement[] {
    if (isWalletDetails(details)) return walletContent(details, { el, row, list, code })
    if (details.kind === 'signIn') return signInContent(details, { el, row, list, code })
    if (details.kind === 'message') {
      return details.text === null
        ? [el('h2', {}, 'Message (hex)'), el('pre', {}, details.hex)]
        : [el('h2', {}, 'Message'), el('pre', {}, details.text)]
    }
    if (details.kind === 'typedData') {
      const known = Object.keys(DOMAIN_LABELS).filter((key) => Object.hasOwn(details.domain, key))
      const others = Object.keys(details.domain).filter((key) => !Object.hasOwn(DOMAIN_LABELS, key))
      // No domain field signed: the signature is good for any site and chain that accepts this message.
      const domainRows = [
        ...known.map((key) => row(DOMAIN_LABELS[key] as string, code(leafText(details.domain[key])))),
        ...others.map((key) => row(key, code(leafText(details.domain[key])))),
      ]
      return [
        el('h2', {}, 'Domain'),
        list(...(domainRows.length > 0 ? domainRows : [row('None', 'Not bound to a site or chain')])),
        el('h2', {}, details.primaryType),
        fields(details.message, 0),
      ]
    }
    if (details.kind === 'typedDataV1') {
      return [
        el('h2', {}, 'Message'),
        list(
          ...details.fields.map(({ type, name, value }) => row(`${name} (${type})`, code(leafText(value)))),
        ),
      ]
    }
    const { calls } = details
    return [
      ...calls.flatMap((call, i) => [
        ...(calls.length > 1 ? [el('h2', {}, `Call ${i + 1} of ${calls.length}`)] : []),
        list(...callRows(call)),
      ]),
      list(row('Network fee', details.fee === null ? 'Unknown' : fee(details.fee))),
    ]
  }

  const reject = el('button', { type: 'button', className: 'kfa-reject' }, 'Reject')
  // Not a <button>: the browser's own `:active` rules match every button, so pressing one restyles it and
  // asks for a frame, and Chromium holds back this document's tasks until that frame is drawn
  // (DeferRendererTasksAfterInput), the WebCrypto results the signature waits for among them: up to a frame
  // (~16 ms at 60 Hz) on the way from the click to the signature. No `:active` rule matches this one, so a
  // press asks for no frame. `requestApproval.ts` gives it a button's keys (Enter, Space).
  const approve = el('div', { className: 'kfa-approve', tabIndex: 0 }, 'Approve')
  approve.setAttribute('role', 'button')
  approve.setAttribute('aria-describedby', 'kfa-hint')
  setUsable(approve, false)
  // Polite: read out when it changes (the details' end reached), without cutting in.
  const hint = el('p', { className: 'kfa-hint', id: 'kfa-hint' })
  hint.setAttribute('aria-live', 'polite')
  // Focusable and in the tab order: arrow keys, Page Down and End scroll it, as the gate may require.
  const body = el(
    'div',
    { className: 'kfa-body', tabIndex: 0 },
    el('h1', { id: 'kfa-title' }, titleOf(details)),
    list(
      row('Site', code(details.origin)),
      // Adding a network: the one it is on now is not what the person decides on.
      ...(details.kind === 'addChain' ? [] : [row('Network', `${details.chain.name} (${details.chain.id})`)]),
      row('Account', code(details.account)),
    ),
    ...content(),
  )
  body.setAttribute('role', 'region')
  body.setAttribute('aria-label', 'Request details')
  const root = el(
    'section',
    { className: 'kfa' },
    body,
    hint,
    el('div', { className: 'kfa-actions' }, reject, approve),
  )
  root.setAttribute('role', 'dialog')
  root.setAttribute('aria-labelledby', 'kfa-title')
  const sheet = adoptStyles(doc)
  doc.body.append(root)

  return {
    root,
    body,
    hint,
    approve,
    reject,
    remove() {
      root.remove()
      // The sheet goes when the last screen does (one is up at a time).
      if (sheet && !doc.querySelector('.kfa')) {
        doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
      }
    },
  }
}
