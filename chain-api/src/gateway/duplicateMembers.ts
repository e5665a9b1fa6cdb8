/**
 * Finds object members named twice in a JSON text. `JSON.parse` keeps the last of two same-named members
 * silently, so a body the gateway checked could mean something else to a node that keeps the first; the
 * gateway refuses such items instead (issue 12, build point 8).
 * @module
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d

/** The index of the quote that closes the string opening at `start` (escaped quotes skipped). */
function stringEnd(text: string, start: number): number {
  let end = start
  for (;;) {
    end = text.indexOf('"', end + 1)
    if (end === -1) return text.length
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end
  }
}

/**
 * The first duplicated member name of each top-level item: for a top-level array, by the index of the
 * element that holds it (at any depth); for any other value, under 0. Names are compared as `JSON.parse`
 * reads them (`"meth\u006fd"` is `"method"`). `text` must be valid JSON (parse it first).
 * @example
 * duplicateMembers('{"method":"a","method":"b"}') // Map { 0 => 'method' }
 * duplicateMembers('[{"id":1},{"id":2,"id":3}]') // Map { 1 => 'id' }
 */
export function duplicateMembers(text: string): Map<number, string> {
  const found = new Map<number, string>()
  // One entry per open container: the member names seen so far (an object) or null (an array).
  const open: (Set<string> | null)[] = []
  let item = 0
  let expectName = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === QUOTE) {
      const end = stringEnd(text, i)
      const names = open.at(-1)
      if (names && expectName) {
        const raw = text.slice(i, end + 1)
        const name: string = raw.includes('\\') ? JSON.parse(raw) : raw.slice(1, -1)
        if (!names.has(name)) names.add(name)
        else if (!found.has(item)) found.set(item, name)
        expectName = false
      }
      i = end
    } else if (ch === OPEN_OBJECT) {
      open.push(new Set())
      expectName = true
    } else if (ch === OPEN_ARRAY) {
      open.push(null)
      expectName = false
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      open.pop()
      expectName = false
    } else if (ch === COMMA) {
      const top = open.at(-1)
      // In an object a member name follows; in the top-level array, the next item.
      expectName = top !== null && top !== undefined
      if (top === null && open.length === 1) item++
    }
  }
  return found
}
