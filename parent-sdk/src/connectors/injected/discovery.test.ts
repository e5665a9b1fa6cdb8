// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest'
import { announceWallet, ICON } from '../../../test/anvilWallet.ts'
import type { Eip1193Provider } from '../types.ts'
import { createInjectedDiscovery, type InjectedDiscovery } from './discovery.ts'

const provider = (): Eip1193Provider => ({ request: async () => null, on() {}, removeListener() {} })
const stops: (() => void)[] = []
const discoveries: InjectedDiscovery[] = []

function discover() {
  const discovery = createInjectedDiscovery(window)
  discoveries.push(discovery)
  return discovery
}
function announce(...args: Parameters<typeof announceWallet>) {
  stops.push(announceWallet(...args))
}
const ids = (discovery: InjectedDiscovery) => discovery.getWallets().map((w) => w.id)

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  for (const discovery of discoveries.splice(0)) discovery.destroy()
  delete (window as { ethereum?: unknown }).ethereum
})

test('default: wallets announced before and after the discovery starts are listed, in order of arrival', () => {
  announce(provider(), { name: 'MetaMask', rdns: 'io.metamask' })
  const discovery = discover()
  const seen: string[][] = []
  discovery.subscribe(() => seen.push(ids(discovery)))
  announce(provider(), { name: 'Rabby', rdns: 'io.rabby' })
  expect(ids(discovery)).toEqual(['injected:io.metamask', 'injected:io.rabby'])
  expect(seen).toEqual([['injected:io.metamask', 'injected:io.rabby']])
  expect(discovery.getWallets()[0]).toMatchObject({ name: 'MetaMask', icon: ICON, rdns: 'io.metamask' })
})

test('behavior: the same wallet announcing again (same uuid, or same rdns) is listed once', () => {
  const metamask = provider()
  announce(metamask, { name: 'MetaMask', rdns: 'io.metamask', uuid: 'a' })
  const discovery = discover()
  const before = discovery.getWallets()
  announce(metamask, { name: 'MetaMask', rdns: 'io.metamask', uuid: 'a' })
  announce(provider(), { name: 'MetaMask again', rdns: 'io.metamask', uuid: 'b' })
  announce(provider(), { name: 'Other', rdns: 'com.other', uuid: 'a' })
  expect(ids(discovery)).toEqual(['injected:io.metamask'])
  expect(discovery.getWallets()).toBe(before)
})

test('behavior: malformed announcements and Keyframe’s own are ignored', () => {
  const discovery = discover()
  const send = (detail: unknown) =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  const info = { uuid: 'u', name: 'W', rdns: 'com.w', icon: ICON }
  send(undefined)
  send({ info })
  send({ info, provider: { request: 'no' } })
  send({ info: { ...info, icon: 'https://evil.example/icon.png' }, provider: provider() })
  send({ info: { ...info, name: '' }, provider: provider() })
  send({ info: { ...info, rdns: 42 }, provider: provider() })
  send({ info: { ...info, uuid: undefined }, provider: provider() })
  announce(provider(), { name: 'Keyframe', rdns: 'dev.keyframe' })
  expect(ids(discovery)).toEqual([])
  send({ info, provider: provider() })
  expect(ids(discovery)).toEqual(['injected:com.w'])
})

test('behavior: a plain window.ethereum is the "injected" fallback unless an announced wallet is it', () => {
  const ethereum = provider()
  Object.assign(window, { ethereum })
  const discovery = discover()
  expect(discovery.getWallets()).toEqual([
    { id: 'injected', name: 'Browser Wallet', icon: undefined, rdns: undefined, provider: ethereum },
  ])
  // The extension behind window.ethereum announces itself: one entry, the announced one.
  announce(ethereum, { name: 'MetaMask', rdns: 'io.metamask' })
  expect(ids(discovery)).toEqual(['injected:io.metamask'])
})

test('behavior: window.ethereum set by Keyframe’s own provider is no external wallet', () => {
  const ours = provider()
  Object.assign(window, { ethereum: ours })
  announce(ours, { name: 'Keyframe', rdns: 'dev.keyframe' })
  expect(ids(discover())).toEqual([])
})

test('behavior: destroy() stops listening', () => {
  const discovery = discover()
  discovery.destroy()
  announce(provider(), { name: 'Late', rdns: 'com.late' })
  expect(ids(discovery)).toEqual([])
})
