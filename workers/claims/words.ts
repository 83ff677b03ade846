// The evidence map's words for readers: the verdict as a sentence, the stance groups' titles and
// the notes a map carries. Dependency-free, so the Ask view (web/src/ask/claim-words.ts), the
// share pages and the MCP tool say the same thing.
import type { Stance, Verdict } from './types'

export const VERDICT_WORDS: Record<Verdict, string> = {
  supported: 'Supported: the sources that take a side support the claim.',
  contradicted: 'Contradicted: the sources that take a side contradict the claim.',
  mixed: 'Mixed: some sources support the claim and some contradict it.',
  insufficient: 'Not settled: the sources found do not take a side on this claim.',
}

export const STANCE_TITLES: Record<Stance, string> = {
  supports: 'Supports',
  contradicts: 'Contradicts',
  unlabelled: 'Speaks to the claim without settling it',
}

export const ESTIMATED_NOTE =
  'Stances estimated offline from wording; shown only where the rules are reliable.'
export const NO_EVIDENCE_NOTE = 'The sources found do not speak to this claim.'

/** The notes a map shows above its evidence, in reading order. */
export function claimNotes(map: { evidence: unknown[]; stance_estimated: boolean }): string[] {
  const notes: string[] = []
  if (map.evidence.length === 0) notes.push(NO_EVIDENCE_NOTE)
  if (map.stance_estimated) notes.push(ESTIMATED_NOTE)
  return notes
}
