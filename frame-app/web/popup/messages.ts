/**
 * What the frame and its approval popup say to each other. The frame (the opener) offers the request to the
 * popup with `postMessage` at exactly its own origin, with a MessagePort; the popup answers on that port
 * only: the frame's message guard (`bridge/guard.ts`) drops every window message that is not the parent's,
 * and the two documents share no storage (each is in its own top-level site's partition), so neither a
 * BroadcastChannel nor IndexedDB would connect them. The key never leaves the frame: the popup only decides.
 * Every message is checked here, as if it came from anyone.
 * @module
 */
import * as z from 'zod/mini'
import type { ApprovalDetails } from '../approve/details.ts'

const hex = z.custom<`0x${string}`>((v) => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v))
const address = z.custom<`0x${string}`>((v) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v))
const text = z.string().check(z.maxLength(100_000))

const tokenAmount = z.object({
  symbol: text,
  decimals: z.int().check(z.gte(0), z.lte(255)),
  address,
  amount: text,
})

const decodedCall = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('erc20Transfer'), token: tokenAmount, to: address }),
  z.object({ kind: z.literal('erc20Approve'), token: tokenAmount, spender: address, unlimited: z.boolean() }),
  z.object({ kind: z.literal('unknown'), data: hex }),
])

const base = {
  method: text,
  chain: z.object({ id: z.int().check(z.positive()), name: text, nativeSymbol: text }),
  account: address,
  origin: text,
}

/** The approval screen's details (`approve/details.ts`), as the popup receives them. */
export const approvalDetails = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('message'), text: z.nullable(text), hex }),
  z.object({
    ...base,
    kind: z.literal('typedData'),
    domain: z.record(z.string(), z.unknown()),
    primaryType: text,
    message: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...base,
    kind: z.literal('typedDataV1'),
    fields: z
      .array(z.object({ type: text, name: text, value: z.unknown() }))
      .check(z.minLength(1), z.maxLength(256)),
  }),
  z.object({
    ...base,
    kind: z.literal('signIn'),
    domain: text,
    statement: z.optional(text),
    uri: text,
    version: text,
    chainId: z.int().check(z.gte(0)),
    nonce: text,
    issuedAt: text,
    expirationTime: z.optional(text),
    notBefore: z.optional(text),
    requestId: z.optional(text),
    resources: z.array(z.object({ uri: text, recap: z.optional(text) })).check(z.maxLength(1000)),
    validity: z.enum(['valid', 'expired', 'notYetValid']),
    text,
  }),
  z.object({
    ...base,
    kind: z.literal('watchAsset'),
    token: z.object({ address, symbol: text, decimals: z.int().check(z.gte(0), z.lte(36)) }),
    source: z.enum(['chain', 'site']),
  }),
  z.object({
    ...base,
    kind: z.literal('addChain'),
    added: z.object({
      id: z.int().check(z.positive()),
      name: text,
      nativeCurrency: z.object({ name: text, symbol: text, decimals: z.int().check(z.gte(0), z.lte(36)) }),
      rpcUrl: text,
    }),
  }),
  z.object({
    ...base,
    kind: z.literal('calls'),
    calls: z
      .array(z.object({ to: z.nullable(address), value: text, decoded: z.optional(decodedCall) }))
      .check(z.minLength(1), z.maxLength(100)),
    fee: z.nullable(text),
  }),
])

// The schema must describe exactly the screen's type, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameDetails: Same<z.output<typeof approvalDetails>, ApprovalDetails> = true
void sameDetails

/** The frame → popup offer (a window message; the reply port travels with it). */
export const approvalOffer = z.object({
  type: z.literal('keyframe:approval'),
  details: approvalDetails,
  /** The frame's colour mode, so the popup looks like the screen it stands in for. */
  theme: z.enum(['light', 'dark']),
})
export type ApprovalOffer = z.output<typeof approvalOffer>

/** Popup → frame, on the offer's port: the offer arrived, then the person's decision. */
export const popupReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('decision'), approved: z.boolean() }),
])
export type PopupReply = z.output<typeof popupReply>
