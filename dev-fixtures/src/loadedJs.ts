import { gzipSync } from 'node:zlib'
import type { Page, Response } from 'playwright-core'

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
 * ships when its server compresses. `take()` returns what arrived since the last call.
 */
export function recordScripts(page: Page): { take(): Promise<LoadedScript[]> } {
  const pending: Promise<LoadedScript | undefined>[] = []
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
  }
}

export const sumGzip = (scripts: LoadedScript[], options: { withReact?: boolean } = {}) =>
  scripts.filter((s) => options.withReact || !s.react).reduce((n, s) => n + s.gzip, 0)
