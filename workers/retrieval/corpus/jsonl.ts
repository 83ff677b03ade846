// Parses BEIR-style corpus JSONL ({_id, title, text, metadata?} per line), plain or gzipped:
// the shipped demo corpus (web/public/corpus/scifact.jsonl.gz) and evaluation corpora.
// Malformed lines are skipped, so one bad row never stops a seed.
import { gunzipSync } from 'fflate'
import { z } from 'zod'

export const corpusRowSchema = z.object({
  _id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().catch(''),
  text: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
})

export type CorpusRow = z.infer<typeof corpusRowSchema>

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
}

export function decodeCorpusBytes(input: Uint8Array | ArrayBuffer | string): string {
  if (typeof input === 'string') return input
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input)
  return new TextDecoder().decode(isGzip(bytes) ? gunzipSync(bytes) : bytes)
}

/** Rows with a non-empty id and text, in file order. */
export function parseCorpusJsonl(input: Uint8Array | ArrayBuffer | string): CorpusRow[] {
  const rows: CorpusRow[] = []
  for (const line of decodeCorpusBytes(input).split('\n')) {
    const trimmed = line.trim()
    if (!trimmed) continue
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch {
      continue
    }
    const parsed = corpusRowSchema.safeParse(value)
    if (parsed.success && parsed.data._id && parsed.data.text.trim()) rows.push(parsed.data)
  }
  return rows
}
