/**
 * The code canary (SECURITY.md §0: secrets are typed only in the frame). Gathers everything the dApp page
 * could read: its DOM now (the modal's shadow root included, attribute values and field values) and at any
 * moment before (`domRecorder.js`), its storage (localStorage, sessionStorage, every IndexedDB database,
 * the cookies of its origin), and every message it sent or received, by window or by MessagePort
 * (`postMessageSpy.js`). `placesOf` says where in that a code is.
 * @module
 */
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

const recorderScript = fileURLToPath(new URL('./domRecorder.js', import.meta.url))

/** What the dApp page holds, by place. */
export type PageHaystack = Record<string, string[]>

/** Records the dApp page's DOM over time from its first script on; call before `page.goto`. */
export async function recordDom(page: Page) {
  await page.addInitScript({ path: recorderScript })
}

/** Everything the top document of `page` holds or held, and what its origin stores. */
export async function pageHaystack(page: Page): Promise<PageHaystack> {
  const inPage = await page.evaluate(async () => {
    /** Every attribute, field value and text of the document, through open shadow roots. */
    function walk(root: Document | ShadowRoot, into: string[]) {
      for (const el of root.querySelectorAll('*')) {
        for (const attr of el.attributes) into.push(attr.value)
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) into.push(el.value)
        if (el.shadowRoot) walk(el.shadowRoot, into)
        for (const node of el.childNodes)
          if (node.nodeType === Node.TEXT_NODE) into.push(node.textContent ?? '')
      }
    }
    const dom: string[] = []
    walk(document, dom)
    const entries = (storage: Storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`)
    const databases: string[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll()
          all.onsuccess = () => resolve(all.result)
          all.onerror = () => reject(all.error)
        })
        databases.push(`${name}/${store}: ${JSON.stringify(rows)}`)
      }
      db.close()
    }
    const w = window as unknown as {
      __domLog?: string[]
      __messageLog?: { direction: string; via: string; data: string }[]
    }
    const messages = w.__messageLog ?? []
    return {
      'DOM now': dom,
      'DOM at any moment': w.__domLog ?? [],
      localStorage: entries(localStorage),
      sessionStorage: entries(sessionStorage),
      IndexedDB: databases,
      'messages sent': messages.filter((m) => m.direction === 'sent').map((m) => m.data),
      'messages received': messages.filter((m) => m.direction === 'received').map((m) => m.data),
    }
  })
  const cookies = await page.context().cookies(page.url())
  return { ...inPage, cookies: cookies.map((c) => `${c.name}=${c.value}`) }
}

/** The places of `haystack` that hold `secret` (a code: not as part of a longer run of digits). */
export function placesOf(haystack: PageHaystack, secret: string): string[] {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${escaped}(?!\\d)`) : new RegExp(escaped)
  return Object.entries(haystack)
    .filter(([, values]) => values.some((value) => pattern.test(value)))
    .map(([place]) => place)
}
