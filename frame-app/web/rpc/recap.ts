/**
 * ERC-5573 ReCaps, read by the frame: a sign-in message's last resource `urn:recap:<base64url JSON>` grants
 * the URI abilities on targets. The approval screen shows what the encoded object grants, in the EIP's own
 * sentence, rather than the statement's words for it: the statement is the dApp's text, the ReCap is what
 * a server will honour.
 * @module
 */
import * as z from 'zod/mini'

const PREFIX = 'urn:recap:'

/** `{ att: { [target]: { ['namespace/name']: caveats[] } }, prf?: CIDs }`, as ERC-5573 defines it. */
const recapSchema = z.object({
  att: z.record(
    z.string().check(z.minLength(1)),
    z.record(z.string().check(z.regex(/^[^/]+\/[^/]+$/)), z.array(z.record(z.string(), z.unknown()))),
  ),
  prf: z.optional(z.array(z.string())),
})

/**
 * The ERC-5573 sentence of a ReCap resource ("I further authorize the stated URI to perform the following
 * actions on my behalf: (1) 'ns': 'a', 'b' for 'target'. …"), targets and abilities in sorted order, one
 * item per target and namespace. Null when `uri` is not a ReCap or does not decode to one.
 * @example recapSentence('urn:recap:eyJhdHQiOnsiaHR0cHM6Ly9hcGkuZXhhbXBsZSI6eyJ0eC9zZW5kIjpbe31dfX19')
 * // "I further authorize the stated URI to perform the following actions on my behalf: (1) 'tx': 'send' for 'https://api.example'."
 */
export function recapSentence(uri: string): string | null {
  if (!uri.startsWith(PREFIX)) return null
  const recap = recapSchema.safeParse(decodeJson(uri.slice(PREFIX.length)))
  if (!recap.success) return null
  const items: string[] = []
  for (const target of Object.keys(recap.data.att).sort()) {
    const byNamespace = new Map<string, string[]>()
    for (const ability of Object.keys(recap.data.att[target] ?? {}).sort()) {
      const [namespace = '', name = ''] = ability.split('/')
      byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), `'${name}'`])
    }
    for (const [namespace, names] of byNamespace) {
      items.push(`(${items.length + 1}) '${namespace}': ${names.join(', ')} for '${target}'.`)
    }
  }
  if (items.length === 0) return null
  return `I further authorize the stated URI to perform the following actions on my behalf: ${items.join(' ')}`
}

/** base64url (padding optional) → JSON value; undefined when it is neither. */
function decodeJson(base64url: string): unknown {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(base64url)) return undefined
  try {
    const binary = atob(base64url.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
}
