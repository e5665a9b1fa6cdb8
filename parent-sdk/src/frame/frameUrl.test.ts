import { expect, test } from 'vitest'
import { buildFrameUrl, frameOriginOf } from './frameUrl.ts'

const base = { projectId: 'demo', chainId: 'eip155:1', origin: 'http://127.0.0.1:5173' }

test('default: frame URL with projectId, chainId, version and origin', () => {
  expect(buildFrameUrl({ frameUrl: 'http://localhost:5174/frame', ...base })).toBe(
    'http://localhost:5174/frame?projectId=demo&chainId=eip155%3A1&version=1&origin=http%3A%2F%2F127.0.0.1%3A5173',
  )
})

test('behavior: decodes back to the exact values', () => {
  const url = new URL(buildFrameUrl({ frameUrl: 'https://wallet.example.com/frame', ...base }))
  expect(Object.fromEntries(url.searchParams)).toEqual({ ...base, version: '1' })
})

test('behavior: keeps a query and a hash already on frameUrl', () => {
  expect(buildFrameUrl({ frameUrl: 'https://w.example/frame?env=dev#top', ...base })).toBe(
    'https://w.example/frame?env=dev&projectId=demo&chainId=eip155%3A1&version=1&origin=http%3A%2F%2F127.0.0.1%3A5173#top',
  )
})

test('behavior: values cannot inject parameters', () => {
  const url = new URL(
    buildFrameUrl({ frameUrl: 'https://w.example/frame', ...base, projectId: 'a&origin=https://evil.test' }),
  )
  expect(url.searchParams.getAll('origin')).toEqual(['http://127.0.0.1:5173'])
})

test('frameOriginOf: the origin of the frame URL', () => {
  expect(frameOriginOf('http://localhost:5174/frame?x=1')).toBe('http://localhost:5174')
  expect(frameOriginOf('https://wallet.example.com:443/frame')).toBe('https://wallet.example.com')
})

test('error: frameOriginOf refuses what is not http(s)', () => {
  expect(() => frameOriginOf('javascript:alert(1)')).toThrow('frameUrl must be an http(s) URL')
  expect(() => frameOriginOf('/frame')).toThrow()
})
