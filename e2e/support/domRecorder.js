// Installed in the dApp page by the code canary (tests/code-canary.spec.ts) before any other script: records
// everything the top document's DOM holds at any moment, not only at the end: text and attribute values of
// every node added or changed (inside every shadow root too, the modal's included) and every value typed into
// a field. A code that was in the page only for a moment is still found.
;(() => {
  if (window !== window.top) return
  const log = []
  Object.defineProperty(window, '__domLog', { value: log })
  const noteElement = (el) => {
    for (const attr of el.attributes ?? []) log.push(attr.value)
    if ('value' in el && typeof el.value === 'string' && el.value) log.push(el.value)
  }
  const noteTree = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return void log.push(node.data)
    if (node.nodeType !== Node.ELEMENT_NODE) return
    log.push(node.textContent ?? '')
    noteElement(node)
    for (const el of node.querySelectorAll('*')) noteElement(el)
  }
  const observer = new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === 'characterData') log.push(m.target.data)
      else if (m.type === 'attributes') log.push(m.target.getAttribute(m.attributeName) ?? '')
      else for (const node of m.addedNodes) noteTree(node)
    }
  })
  const watch = (root) =>
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
  watch(document)
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init)
    watch(root)
    return root
  }
  // A field's value is no attribute: typing, autofill and paste show up as input events (composed, so they
  // reach the document from inside a shadow root; the path's first entry is the field itself).
  for (const type of ['input', 'change']) {
    document.addEventListener(
      type,
      (event) => {
        const field = event.composedPath()[0]
        if (field && typeof field.value === 'string') log.push(field.value)
      },
      true,
    )
  }
})()
