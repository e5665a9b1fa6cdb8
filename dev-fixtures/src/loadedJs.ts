import { gzipSync } from 'node:zlib'
import type { Page, Request, Response } from 'playwright-core'

/** `walletConnect`: the script holds WalletConnect's relay client (issue 16: fetched only once it is chosen). */
export type LoadedScript = {
  url: string
  bytes: number
  gzip: number
  react: boolean
  walletConnect: boolean
}

/** React and ReactDOM sit in the demo's `react-vendor` chunk; budgets count the SDK without them. */
const isReactChunk = (url: string) => /\/assets\/react-vendor[-.]/.test(url)

/** A relay method name: only WalletConnect's relay client (`@walletconnect/core`) has it, whatever the chunk's name. */
const WALLETCONNECT_MARKER = 'irn_subscribe'

/**
 * Records every JavaScript response a page receives, with its gzip size (level 9) — the figure a dApp
 * ships when its server compresses. `take()` returns what arrived since the last call; `settled()` waits
 * until no script has been requested or in flight for `quietMs` (Playwright's 'networkidle' is a load
 * state: once reached after the page loaded, waiting for it again returns at once, before lazy chunks).
 */
export function recordScripts(page: Page): {
  take(): Promise<LoadedScript[]>
  settled(quietMs?: number): Promise<void>
} {
  const pending: Promise<LoadedScript | undefined>[] = []
  let inFlight = 0
  let lastActivity = performance.now()
  const onRequest = (request: Request) => {
    if (request.resourceType() !== 'script') return
    inFlight++
    lastActivity = performance.now()
  }
  const onDone = (request: Request) => {
    if (request.resourceType() !== 'script') return
    inFlight--
    lastActivity = performance.now()
  }
  page.on('request', onRequest)
  page.on('requestfinished', onDone)
  page.on('requestfailed', onDone)
  const onResponse = (response: Response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('javascript')) return
    pending.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          react: isReactChunk(response.url()),
          walletConnect: body.includes(WALLETCONNECT_MARKER),
        }),
        () => undefined,
      ),
    )
  }
  page.on('response', onResponse)
  return {
    async take() {
      const batch = await Promise.all(pending.splice(0))
      return batch.filter((s): s is LoadedScript => s !== undefined)
    },
    async settled(quietMs = 500) {
      while (inFlight > 0 || performance.now() - lastActivity < quietMs)
        await new Promise((resolve) => setTimeout(resolve, 50))
    },
  }
}

export const sumGzip = (scripts: LoadedScript[], options: { withReact?: boolean } = {}) =>
  scripts.filter((s) => options.withReact || !s.react).reduce((n, s) => n + s.gzip, 0)
