// SciFact's labelled claims: per claim, the abstracts labelled SUPPORT or CONTRADICT and the
// indices of their rationale sentences. The test part is the claims whose id is divisible by 3
// (held-out-ids.txt, its sha256 in README.md); tuning is the rest.
import { readFileSync } from 'node:fs'

export type GoldStance = 'supports' | 'contradicts'
export type ClaimPart = 'tune' | 'held-out' | 'all'

export interface LabelledClaim {
  id: string
  text: string
  /** Corpus id -> its label and gold sentence indices (in SciFact's own sentence split). */
  gold: Map<string, { stance: GoldStance; sentences: Set<number> }>
}

interface QueryRow {
  _id: string
  text: string
  metadata: Record<string, { sentences: number[]; label: 'SUPPORT' | 'CONTRADICT' }[]>
}

export const inPart = (id: string, part: ClaimPart) =>
  part === 'all' || (Number(id) % 3 === 0) === (part === 'held-out')

export function readClaims(file: string, part: ClaimPart): LabelledClaim[] {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as QueryRow)
  return rows
    .filter((row) => inPart(row._id, part))
    .map((row) => ({
      id: row._id,
      text: row.text,
      gold: new Map(
        Object.entries(row.metadata).map(([doc, sets]) => [
          doc,
          {
            stance: sets[0]?.label === 'CONTRADICT' ? 'contradicts' : 'supports',
            sentences: new Set(sets.flatMap((s) => s.sentences)),
          },
        ]),
      ),
    }))
}
