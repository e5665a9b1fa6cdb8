import { isValidAccountName } from '@keyframe/protocol'
import { NAME_LABEL_MAX_LENGTH } from '@keyframe/protocol/chain-api/names'
import type { Db } from '@keyframe/server-kit'
import { inArray } from 'drizzle-orm'
import { namesAccounts } from './db/schema.ts'

/** Free variants returned after the asked name. */
const VARIANTS = 5

/** What a typed name becomes as a label: its first dot-part, lowercase, other characters dropped, hyphens tidied. */
function baseLabel(name: string): string {
  const lower = name.trim().toLowerCase()
  // `alice.keyframe.id` and `alice.eth` both want `alice`.
  const bare = lower.split('.')[0] ?? ''
  return bare
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NAME_LABEL_MAX_LENGTH - 4)
}

/**
 * Suggestions for a wanted name: the name itself first when it is a valid label (with `registered`), then up to 5
 * free variants (`alice-1`, `alice-2`, …, then `alice1`, …), all as full names. Short names are padded by the
 * variants (`bob` → `bob-1`). Empty when nothing usable is left of the input.
 * @example
 * await suggestNames(db, 'Alice', '.keyframe.id') // [{ name: 'alice.keyframe.id', registered: true }, { name: 'alice-1.keyframe.id', registered: false }, …]
 */
export async function suggestNames(
  db: Db,
  name: string,
  suffix: string,
): Promise<{ name: string; registered: boolean }[]> {
  const base = baseLabel(name)
  if (!base) return []
  const candidates = [
    base,
    ...Array.from({ length: 20 }, (_, i) => `${base}-${i + 1}`),
    ...Array.from({ length: 20 }, (_, i) => `${base}${i + 1}`),
  ].filter(isValidAccountName)
  const taken = new Set(
    (
      await db
        .select({ label: namesAccounts.label })
        .from(namesAccounts)
        .where(inArray(namesAccounts.label, candidates))
    ).map((r) => r.label),
  )
  const [first, ...rest] = candidates
  const asked = first === base ? [{ name: `${base}${suffix}`, registered: taken.has(base) }] : []
  const free = (first === base ? rest : candidates)
    .filter((label) => !taken.has(label))
    .slice(0, VARIANTS)
    .map((label) => ({ name: `${label}${suffix}`, registered: false }))
  return [...asked, ...free]
}
