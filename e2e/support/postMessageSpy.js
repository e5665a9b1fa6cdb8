// Installed in every document of an e2e run before any other script. Records the target origin of every
// postMessage this document sends. Calls on another origin's window never reach a patched method there,
// so the windows this document can reach (parent, opener, iframe contentWindow, event.source, what
// window.open returns) are handed out as memoised proxies whose postMessage records, then forwards to the
// real one. Identity is kept: the same window always yields the same proxy.
// Besides, `__messageLog` holds the whole payload of every message this document sends or receives, by
// window or by MessagePort (the frame's channel after READY), for the code canary (tests/code-canary.spec.ts).
;(() => {
  const records = []
  Object.defineProperty(window, '__postMessageSpy', { value: records })
  const log = []
  Object.defineProperty(window, '__messageLog', { value: log })
  const payload = (data) => {
    try {
      return (typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data))).slice(0, 262_144)
    } catch {
      return '[unserialisable]'
    }
  }
  const note = (direction, via, data) => log.push({ direction, via, data: payload(data) })
  // First of all listeners: whatever reaches this window, even what the page's own listeners then drop.
  window.addEventListener('message', (event) => note('received', 'window', event.data), true)
  const portPost = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (message, transfer) {
    note('sent', 'port', message)
    return portPost.call(this, message, transfer)
  }
  const received = new WeakMap()
  const recording = (listener) => {
    if (typeof listener !== 'function') return listener
    let wrapped = received.get(listener)
    if (!wrapped) {
      wrapped = function (event) {
        note('received', 'port', event.data)
        return listener.call(this, event)
      }
      received.set(listener, wrapped)
    }
    return wrapped
  }
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(listener) {
      onmessage.set.call(this, recording(listener))
    },
  })
  const add = EventTarget.prototype.addEventListener
  const remove = EventTarget.prototype.removeEventListener
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    return add.call(this, type, type === 'message' ? recording(listener) : listener, options)
  }
  MessagePort.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, type === 'message' ? recording(listener) : listener, options)
  }
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
              note('sent', 'window', message)
              return target.postMessage(message, targetOrigin, transfer)
            }
          }
          if (prop === 'parent' || prop === 'opener') return wrap(target[prop])
          const value = target[prop]
          return typeof value === 'function' ? value.bind(target) : value
        },
        // On the window itself: a Window's setters (opener, location) refuse a proxy as `this`.
        set(target, prop, value) {
          target[prop] = value
          return true
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
  // A popup's messages come with `event.source` as its proxy: the window.open that made it must give the same
  // one, or a page checking `event.source === popup` (the social login's) would drop them.
  const openWindow = window.open
  window.open = function (...args) {
    return wrap(openWindow.apply(this, args))
  }
  const own = window.postMessage
  window.postMessage = (message, targetOrigin, transfer) => {
    const origin = typeof targetOrigin === 'string' ? targetOrigin : (targetOrigin?.targetOrigin ?? '/')
    records.push({ from: location.origin, targetOrigin: origin, message: summarize(message) })
    note('sent', 'window', message)
    return own.call(window, message, targetOrigin, transfer)
  }
})()
