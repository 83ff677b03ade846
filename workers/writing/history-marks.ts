// Seed 000 steps 7 and 9: earlier messages are marked as context not to act on, the current
// one as the instruction; consecutive messages of one role are merged so user and assistant
// strictly alternate (some providers, Perplexity among them, refuse anything else).
import { assistantMessage, userMessage, type ChatMessageSimple } from '../context'

export const CURRENT_MARK = '[CURRENT INSTRUCTION - RESPOND TO THIS ONLY]'
export const HISTORY_MARK = '[HISTORICAL CONTEXT - DO NOT ACT ON THIS - FOR REFERENCE ONLY]'

type Turn = { role: 'user' | 'assistant'; content: string }

function turnsOf(history: ChatMessageSimple[]): Turn[] {
  return history.flatMap((m): Turn[] => {
    if (m.kind === 'tool' || !m.content.trim()) return []
    return [{ role: m.kind, content: m.content.trim() }]
  })
}

/** Merges runs of one role and drops a leading assistant turn: history starts with the user. */
export function alternate(turns: Turn[]): Turn[] {
  const merged: Turn[] = []
  for (const turn of turns) {
    const last = merged.at(-1)
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${turn.content}`
    else if (merged.length > 0 || turn.role === 'user') merged.push({ ...turn })
  }
  return merged
}

/**
 * The marked history and current message. The history ends with an assistant turn (or is
 * empty), so the current user message keeps the alternation.
 */
export function markHistory(
  history: ChatMessageSimple[],
  current: string,
): { history: ChatMessageSimple[]; user: ChatMessageSimple } {
  const turns = alternate(turnsOf(history))
  if (turns.at(-1)?.role === 'user') turns.push({ role: 'assistant', content: '(no reply)' })
  return {
    history: turns.map((t) =>
      t.role === 'user'
        ? userMessage(`${HISTORY_MARK}\n${t.content}`)
        : assistantMessage(`${HISTORY_MARK}\n${t.content}`),
    ),
    user: userMessage(`${CURRENT_MARK}\n${current}`),
  }
}
