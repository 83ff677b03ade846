// How a debate ends (seed 002 §7–8): exactly one terminal marker on its own line, then only
// the conclusion summary. Nothing of the debate follows it.
import type { TranscriptEntry } from './scientist-turn'

export type TerminalState = 'consensus' | 'max_turns' | 'interrupted'

export const TERMINAL_MARKERS: Record<TerminalState, string> = {
  consensus: '=== Viable Solution Reached ===',
  interrupted: '=== Debate Interrupted ===',
  max_turns: '=== Max Turns Reached ===',
}

function lastConclusion(transcript: TranscriptEntry[]): string | null {
  return transcript.findLast((e) => e.verdict?.conclusion)?.verdict?.conclusion ?? null
}

export function conclusionSummary(
  state: TerminalState,
  transcript: TranscriptEntry[],
  context: { rounds: number; failure: string | null },
): string {
  const last = lastConclusion(transcript)
  if (state === 'consensus') {
    return `Scientist 2 found scientist 1's proposal viable and its code check passed. ${last ?? ''}`.trim()
  }
  if (state === 'max_turns') {
    const tail = last ? ` Last conclusion: ${last}` : ''
    return `No consensus after ${context.rounds} round${context.rounds === 1 ? '' : 's'}.${tail}`
  }
  const at = transcript.at(-1)
  const where = at ? ` during round ${at.round} (scientist ${at.scientist}, ${at.stage})` : ''
  const why = context.failure
    ? `The debate stopped${where}: ${context.failure}.`
    : `Interrupted${where}.`
  return `${why} The transcript so far is kept.`
}

export function terminalText(state: TerminalState, summary: string): string {
  return `\n\n${TERMINAL_MARKERS[state]}\nConclusion: ${summary}\n`
}
