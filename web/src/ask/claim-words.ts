// The evidence map's words: the verdict as a sentence and the notes a map must carry (stances
// estimated offline, no evidence). Pure (no DOM), so it is tested in test/web/.
import type { ClaimMap, Verdict } from '../types'

const VERDICTS: Record<Verdict, string> = {
  supported: 'Supported: the sources that take a side support the claim.',
  contradicted: 'Contradicted: the sources that take a side contradict the claim.',
  mixed: 'Mixed: some sources support the claim and some contradict it.',
  insufficient: 'Not settled: the sources found do not take a side on this claim.',
}

export const ESTIMATED_NOTE =
  'Stances estimated offline from wording; shown only where the rules are reliable.'
export const NO_EVIDENCE_NOTE = 'The sources found do not speak to this claim.'

export function verdictWords(verdict: Verdict): string {
  return VERDICTS[verdict]
}

/** The notes shown above the columns, in reading order. */
export function claimMapWords(map: ClaimMap): string[] {
  const notes: string[] = []
  if (map.evidence.length === 0) notes.push(NO_EVIDENCE_NOTE)
  if (map.stance_estimated) notes.push(ESTIMATED_NOTE)
  return notes
}
