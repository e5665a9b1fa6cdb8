import { describe, expect, test } from 'vitest'
import {
  createOriginMatcher,
  InvalidOriginError,
  isOriginAllowed,
  normalizeOrigin,
  parseAllowedOrigin,
} from './origins.ts'

describe('normalizeOrigin', () => {
  test('default', () => {
    expect(normalizeOrigin('https://app.example.com')).toBe('https://app.example.com')
  })

  test('behavior: serializes like new URL(x).origin', () => {
    expect(normalizeOrigin('HTTPS://App.EXAMPLE.com:443/some/path?q=1#h')).toBe('https://app.example.com')
    expect(normalizeOrigin('http://example.com:80/')).toBe('http://example.com')
    expect(normalizeOrigin('http://localhost:5173')).toBe('http://localhost:5173')
    expect(normalizeOrigin('https://example.com:8443')).toBe('https://example.com:8443')
    expect(normalizeOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(normalizeOrigin('http://[::1]:5173')).toBe('http://[::1]:5173')
    expect(normalizeOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example')
  })

  test('error: wildcard, null and file', () => {
    expect(() => normalizeOrigin('*')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "*": "*" would allow every site; list exact origins]`,
    )
    expect(() => normalizeOrigin('null')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "null": "null" is the origin of sandboxed frames and local files]`,
    )
    expect(() => normalizeOrigin('file:///home/me/index.html')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "file:///home/me/index.html": file: pages have no origin that can be trusted]`,
    )
  })

  test('error: other schemes', () => {
    expect(() => normalizeOrigin('javascript:alert(1)')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "javascript:alert(1)": only http: and https: origins are allowed, got javascript:]`,
    )
    for (const x of [
      'ws://example.com',
      'chrome-extension://abc',
      'data:text/html,hi',
      'blob:https://example.com/1',
    ])
      expect(() => normalizeOrigin(x), x).toThrow(InvalidOriginError)
  })

  test('error: not a URL, credentials, whitespace, wildcard host', () => {
    expect(() => normalizeOrigin('example.com')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "example.com": it is not a URL; expected an origin such as "https://app.example.com" or "https://*.example.com"]`,
    )
    expect(() => normalizeOrigin('https://evil.com@example.com')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "https://evil.com@example.com": an origin cannot carry credentials]`,
    )
    expect(() => normalizeOrigin(' https://example.com')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin " https://example.com": it contains whitespace or control characters]`,
    )
    expect(() => normalizeOrigin('https://*.example.com')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "https://*.example.com": a wildcard is only accepted in an allowed-origin entry, not in an origin]`,
    )
    expect(() => normalizeOrigin('https://exa\tmple.com')).toThrow(InvalidOriginError)
  })

  test('behavior: the error has a literal name, code -32602, the value and the reason', () => {
    expect(() => normalizeOrigin('null')).toThrow(
      expect.objectContaining({ name: 'InvalidOriginError', code: -32602, value: 'null' }),
    )
  })
})

describe('parseAllowedOrigin', () => {
  test('default', () => {
    expect(parseAllowedOrigin('https://app.example.com')).toBe('https://app.example.com')
  })

  test('behavior: canonical form', () => {
    expect(parseAllowedOrigin('https://APP.Example.com/')).toBe('https://app.example.com')
    expect(parseAllowedOrigin('https://example.com:443')).toBe('https://example.com')
    expect(parseAllowedOrigin('http://localhost:5173')).toBe('http://localhost:5173')
    expect(parseAllowedOrigin('https://*.Example.com/')).toBe('https://*.example.com')
    expect(parseAllowedOrigin('https://*.example.com:8443')).toBe('https://*.example.com:8443')
    expect(parseAllowedOrigin('http://*.example.com:80')).toBe('http://*.example.com')
  })

  test('error: * alone, null, file', () => {
    expect(() => parseAllowedOrigin('*')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "*": "*" would allow every site; list exact origins]`,
    )
    expect(() => parseAllowedOrigin('null')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "null": "null" is the origin of sandboxed frames and local files]`,
    )
    expect(() => parseAllowedOrigin('file://')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "file://": file: pages have no origin that can be trusted]`,
    )
  })

  test('error: paths, queries, credentials', () => {
    expect(() => parseAllowedOrigin('https://example.com/app')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "https://example.com/app": expected an origin such as "https://app.example.com" or "https://*.example.com", with no path, query, fragment or credentials]`,
    )
    for (const entry of [
      'https://example.com?x=1',
      'https://example.com#x',
      'https://user@example.com',
      'https://example.com//',
    ])
      expect(() => parseAllowedOrigin(entry), entry).toThrow(InvalidOriginError)
  })

  test('error: RegExp-like and misplaced wildcards', () => {
    for (const entry of [
      '/https:\\/\\/.*\\.example\\.com/',
      '^https://example\\.com$',
      'https://.*\\.example\\.com',
      'https://example.com$',
      'https://(a|b).example.com',
      'https://*example.com',
      'https://a.*.example.com',
      'https://*.*.example.com',
      'https://**.example.com',
      '*.example.com',
      'https://*',
      'https://*.',
    ])
      expect(() => parseAllowedOrigin(entry), entry).toThrow(InvalidOriginError)
  })

  test('error: too-broad wildcards', () => {
    expect(() => parseAllowedOrigin('https://*.com')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "https://*.com": a wildcard needs a base domain of at least two labels, e.g. *.example.com]`,
    )
    expect(() => parseAllowedOrigin('http://*.127.0.0.1')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "http://*.127.0.0.1": a wildcard cannot stand for part of an IP address]`,
    )
    expect(() => parseAllowedOrigin('http://*.localhost')).toThrow(InvalidOriginError)
  })

  test('error: other schemes', () => {
    expect(() => parseAllowedOrigin('ws://example.com')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "ws://example.com": only http: and https: origins are allowed, got ws:]`,
    )
  })
})

describe('isOriginAllowed', () => {
  const allowed = ['https://app.example.com', 'https://*.example.org', 'http://localhost:5173']

  test('default', () => {
    expect(isOriginAllowed('https://app.example.com', allowed)).toBe(true)
  })

  test('behavior: exact origins', () => {
    expect(isOriginAllowed('http://localhost:5173', allowed)).toBe(true)
    expect(isOriginAllowed('http://localhost:5174', allowed)).toBe(false)
    expect(isOriginAllowed('http://localhost', allowed)).toBe(false)
    expect(isOriginAllowed('https://localhost:5173', allowed)).toBe(false)
    expect(isOriginAllowed('http://app.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://www.app.example.com', allowed)).toBe(false)
  })

  test('behavior: look-alike hosts', () => {
    expect(isOriginAllowed('https://app.example.com.evil.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://evil-app.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.co', allowed)).toBe(false)
    expect(isOriginAllowed('https://app-example.com', allowed)).toBe(false)
  })

  test('behavior: a wildcard matches exactly one label at a dot boundary', () => {
    expect(isOriginAllowed('https://a.example.org', allowed)).toBe(true)
    expect(isOriginAllowed('https://staging-1.example.org', allowed)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.org', allowed)).toBe(false)
    expect(isOriginAllowed('https://example.org', allowed)).toBe(false)
    expect(isOriginAllowed('https://evil-example.org', allowed)).toBe(false)
    expect(isOriginAllowed('https://evilexample.org', allowed)).toBe(false)
    expect(isOriginAllowed('https://example.org.evil.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://a.example.org.evil.com', allowed)).toBe(false)
  })

  test('behavior: a wildcard keeps scheme and port', () => {
    expect(isOriginAllowed('http://a.example.org', allowed)).toBe(false)
    expect(isOriginAllowed('https://a.example.org:8443', allowed)).toBe(false)
    expect(isOriginAllowed('https://a.example.com:8443', ['https://*.example.com:8443'])).toBe(true)
    expect(isOriginAllowed('https://a.example.com', ['https://*.example.com:8443'])).toBe(false)
  })

  test('behavior: entries are normalized (uppercase, default port, trailing slash)', () => {
    expect(isOriginAllowed('https://app.example.com', ['HTTPS://APP.EXAMPLE.COM:443/'])).toBe(true)
    expect(isOriginAllowed('https://a.example.com', ['https://*.EXAMPLE.com/'])).toBe(true)
  })

  test('behavior: only a serialized origin is compared', () => {
    expect(isOriginAllowed('https://APP.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.com/', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.com:443', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.com/path', allowed)).toBe(false)
    expect(isOriginAllowed(' https://app.example.com', allowed)).toBe(false)
  })

  test('behavior: null, file and opaque origins are never allowed', () => {
    expect(isOriginAllowed('null', [...allowed, 'null', '*'])).toBe(false)
    expect(isOriginAllowed('file://', [...allowed, 'file://'])).toBe(false)
    expect(isOriginAllowed('', allowed)).toBe(false)
  })

  test('behavior: * and invalid entries allow nothing', () => {
    expect(isOriginAllowed('https://evil.com', ['*'])).toBe(false)
    expect(isOriginAllowed('https://evil.com', ['https://evil.com/path', '.*', 'https://*.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com', ['bad entry', 'https://app.example.com'])).toBe(true)
  })

  test('behavior: no entries allow nothing', () => {
    expect(isOriginAllowed('https://app.example.com', [])).toBe(false)
  })
})

describe('createOriginMatcher', () => {
  test('default', () => {
    const isAllowed = createOriginMatcher(['http://localhost:5173', 'https://*.example.com'])
    expect(isAllowed('http://localhost:5173')).toBe(true)
    expect(isAllowed('https://a.example.com')).toBe(true)
    expect(isAllowed('https://example.com')).toBe(false)
  })

  test('error: an invalid entry', () => {
    expect(() => createOriginMatcher(['https://app.example.com', '*'])).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOriginError: Invalid origin "*": "*" would allow every site; list exact origins]`,
    )
  })
})
