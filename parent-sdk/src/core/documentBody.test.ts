// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { onBody } from './documentBody.ts'

let body: HTMLElement

/** The page as a `<head>` script sees it: still parsing, no `<body>` yet. */
function parsingHead() {
  body = document.body
  body.remove()
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' })
}

/** The parser reaches `</html>`: readyState leaves 'loading', then DOMContentLoaded. */
function parsed() {
  Reflect.deleteProperty(document, 'readyState')
  document.dispatchEvent(new Event('DOMContentLoaded'))
}

beforeEach(() => {
  body = document.body
})
afterEach(() => {
  Reflect.deleteProperty(document, 'readyState')
  if (!document.body) document.documentElement.append(body)
})

test('default: with a body, runs at once with it', () => {
  const insert = vi.fn()
  onBody(insert)
  expect(insert).toHaveBeenCalledExactlyOnceWith(document.body)
})

test('behavior: before <body> exists, runs once the parser adds it, not before', async () => {
  parsingHead()
  const insert = vi.fn()
  onBody(insert)
  document.head.append(document.createElement('meta'))
  await Promise.resolve()
  expect(insert).not.toHaveBeenCalled()
  document.documentElement.append(body)
  await vi.waitFor(() => expect(insert).toHaveBeenCalledExactlyOnceWith(body))
  parsed()
  expect(insert).toHaveBeenCalledOnce()
})

test('behavior: a document parsed to its end without a body gets its root', () => {
  parsingHead()
  const insert = vi.fn()
  onBody(insert)
  parsed()
  expect(insert).toHaveBeenCalledExactlyOnceWith(document.documentElement)
})

test('behavior: a cancelled wait runs nothing', async () => {
  parsingHead()
  const insert = vi.fn()
  onBody(insert)()
  document.documentElement.append(body)
  parsed()
  await Promise.resolve()
  expect(insert).not.toHaveBeenCalled()
})
