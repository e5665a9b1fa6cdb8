/**
 * The wallet catalogue host's endpoints: `/getWallets`, the generated images and `/getAnalyticsConfig`.
 * @module
 */
import { createHash } from 'node:crypto'
import {
  getAnalyticsConfig,
  getAssetImage,
  getCurrencyImage,
  getTokenImage,
  getWalletImage,
  getWallets,
} from '@keyframe/protocol/chain-api/catalogue'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { catalogue } from './catalogue.ts'
import { commaList, findWallets } from './findWallets.ts'
import { initials, svgImage, symbolLabel } from './svgImage.ts'

/** Images never change for an id: a day in every cache, revalidated by ETag after that. */
const IMAGE_CACHE = 'public, max-age=86400'

/**
 * An SVG answer. Images are public and harmless, so any page may fetch them (`*`, no credentials); the CSP
 * keeps an SVG opened directly from running or loading anything.
 */
function svgResponse(svg: string, ifNoneMatch: string | undefined): Response {
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': IMAGE_CACHE,
    ETag: etag,
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Content-Security-Policy': "default-src 'none'",
  }
  if (ifNoneMatch === etag) return new Response(null, { status: 304, headers })
  return new Response(svg, { status: 200, headers })
}

export function catalogueRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  route(app, getWallets, ({ query }) => {
    const include = commaList(query.include)
    const exclude = commaList(query.exclude)
    const chains = commaList(query.chains)
    return findWallets(catalogue(), {
      ...(query.page ? { page: Number(query.page) } : {}),
      ...(query.entries ? { entries: Number(query.entries) } : {}),
      ...(query.search !== undefined ? { search: query.search } : {}),
      ...(include ? { include } : {}),
      ...(exclude ? { exclude } : {}),
      ...(chains ? { chains } : {}),
      ...(query.badge_type ? { badgeType: query.badge_type } : {}),
    })
  })

  route(app, getWalletImage, ({ params, c }) => {
    const wallet = catalogue().find((w) => w.image_id === params.id)
    if (!wallet) fail(404, 'not_found', 'Unknown wallet image')
    return svgResponse(
      svgImage({ id: wallet.image_id, label: initials(wallet.name) }),
      c.req.header('If-None-Match'),
    )
  })
  for (const e of [getAssetImage, getCurrencyImage, getTokenImage])
    route(app, e, ({ params, c }) =>
      svgResponse(svgImage({ id: params.id, label: symbolLabel(params.id) }), c.req.header('If-None-Match')),
    )

  route(app, getAnalyticsConfig, () => ({ isAnalyticsEnabled: ctx.config.analyticsEnabled }))
}
