const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The elements inside `container` that Tab reaches, in order. */
export function focusables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
}

/** The focused element inside the tree (shadow root or document) that holds `node`. */
export function activeElementOf(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement ?? null
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last control Tab goes to the first, and from the first
 * Shift+Tab goes to the last; focus outside the container is brought back in.
 */
export function trapTab(
  event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void },
  container: Element,
) {
  if (event.key !== 'Tab') return
  const items = focusables(container)
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return
  }
  const active = activeElementOf(container)
  const inside = active !== null && container.contains(active)
  if (event.shiftKey && (!inside || active === first || active === container)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
  }
}

/** Where focus was before the modal opened, so it can go back there. */
export type FocusMemory = { opener: HTMLElement | null; restore(): void }

export function createFocusMemory(): FocusMemory {
  return {
    opener: null,
    restore() {
      const el = this.opener
      this.opener = null
      if (el?.isConnected) el.focus()
    },
  }
}
