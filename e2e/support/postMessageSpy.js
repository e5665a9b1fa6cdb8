// Installed in every document of an e2e run before any other script. Records the target origin of every
// postMessage this document sends. Calls on another origin's window never reach a patched method there,
// so the windows this document can reach (parent, opener, iframe contentWindow, event.source) are handed
// out as memoised proxies whose postMessage records, then forwards to the real one. Identity is kept:
// the same window always yields the same proxy.
;(() => {
  const records = []
  Object.defineProperty(window, '__postMessageSpy', { value: records })
  const proxies = new WeakMap()
  const summarize = (message) => {
    try {
      return (typeof message === 'string' ? message : (JSON.stringify(message) ?? String(message))).slice(
        0,
        500,
      )
    } catch {
      return '[unserialisable]'
    }
  }
  const wrap = (win) => {
    if (!win || win === window) return win
    let proxy = proxies.get(win)
    if (!proxy) {
      proxy = new Proxy(win, {
        get(target, prop) {
          if (prop === 'postMessage') {
            return (message, targetOrigin, transfer) => {
              const origin =
                typeof targetOrigin === 'string' ? targetOrigin : (targetOrigin?.targetOrigin ?? '/')
              records.push({ from: location.origin, targetOrigin: origin, message: summarize(message) })
              return target.postMessage(message, targetOrigin, transfer)
            }
          }
          if (prop === 'parent' || prop === 'opener') return wrap(target[prop])
          const value = target[prop]
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      proxies.set(win, proxy)
    }
    return proxy
  }
  const hook = (obj, prop) => {
    const d = Object.getOwnPropertyDescriptor(obj, prop)
    if (!d?.get || !d.configurable) return
    Object.defineProperty(obj, prop, {
      ...d,
      get() {
        return wrap(d.get.call(this))
      },
    })
  }
  hook(window, 'parent')
  hook(window, 'opener')
  hook(HTMLIFrameElement.prototype, 'contentWindow')
  hook(MessageEvent.prototype, 'source')
  const own = window.postMessage
  window.postMessage = (message, targetOrigin, transfer) => {
    const origin = typeof targetOrigin === 'string' ? targetOrigin : (targetOrigin?.targetOrigin ?? '/')
    records.push({ from: location.origin, targetOrigin: origin, message: summarize(message) })
    return own.call(window, message, targetOrigin, transfer)
  }
})()
