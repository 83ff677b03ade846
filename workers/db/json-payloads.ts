// Rows bound as JSON text, one value per statement (read back with json_each): a batch of rows
// travels in one statement, split so none passes D1's 2 MB limit on a bound value.

/** JSON text per statement, well inside D1's 2 MB limit on a bound value. */
const MAX_PAYLOAD_CHARS = 512_000

/** Rows as JSON arrays, split so no statement's payload passes MAX_PAYLOAD_CHARS. */
export function payloads(rows: unknown[][]): string[] {
  const out: string[] = []
  let pack: string[] = []
  let size = 2
  for (const row of rows) {
    const text = JSON.stringify(row)
    if (pack.length > 0 && size + text.length + 1 > MAX_PAYLOAD_CHARS) {
      out.push(`[${pack.join(',')}]`)
      pack = []
      size = 2
    }
    pack.push(text)
    size += text.length + 1
  }
  if (pack.length > 0) out.push(`[${pack.join(',')}]`)
  return out
}
