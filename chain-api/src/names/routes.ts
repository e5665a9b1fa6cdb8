/**
 * The name registry's endpoints (`/v1/profile/*`): register, look up by name and by address, suggest.
 * @module
 */
import {
  getNameSuggestions,
  lookupName,
  registerName,
  reverseLookup,
} from '@keyframe/protocol/chain-api/names'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { verifySignature } from '../identity/verifySignature.ts'
import { nameLabel } from './nameLabel.ts'
import { accountByLabel, accountsByAddress } from './readAccounts.ts'
import { readRegistration } from './readRegistration.ts'
import { saveName } from './saveName.ts'
import { suggestNames } from './suggestNames.ts'

/** Mounts the `/v1/profile/*` endpoints. */
export function nameRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  const suffix = ctx.config.nameSuffix

  route(app, registerName, async ({ body }) => {
    const now = ctx.now()
    const registration = readRegistration(body, { nameSuffix: suffix, now, chains: ctx.chains })
    const signed = await verifySignature({
      address: registration.address,
      message: body.message,
      signature: body.signature,
      client: registration.chain.client,
      log: ctx.log,
    })
    if (!signed) fail(401, 'invalid_signature', 'Invalid signature: the message was not signed by address')
    const saved = await saveName(ctx.db, { ...registration, now, suffix })
    if (saved.ok) return saved.account
    if (saved.reason === 'taken')
      fail(409, 'name_taken', `Name is already registered: ${registration.label}${suffix}`)
    fail(409, 'stale_message', 'A newer registration message was already accepted for this name')
  })

  route(app, lookupName, async ({ params }) => {
    const label = nameLabel(params.name, suffix)
    const account = label ? await accountByLabel(ctx.db, label, suffix) : undefined
    if (!account) fail(404, 'not_found', `Name not found: ${params.name}`)
    return account
  })

  route(app, reverseLookup, ({ params }) => accountsByAddress(ctx.db, params.address, suffix))

  route(app, getNameSuggestions, async ({ params, query }) => {
    // Only this server's zone has names here; another zone's suggestions would be guesses.
    if (query.zone !== undefined && `.${query.zone.replace(/^\./, '').toLowerCase()}` !== suffix)
      return { suggestions: [] }
    return { suggestions: await suggestNames(ctx.db, params.name, suffix) }
  })
}
