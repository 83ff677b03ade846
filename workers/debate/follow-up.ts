// A debate question asked after others, standing alone: a follow-up ("what about flaky ones?")
// carries the earlier questions' topic, read with the library's word statistics as /api/ask
// reads it; one that turns to a subject nothing on that topic mentions is searched alone
// (subjectLeftTo), since the debate's rewrite is the same word-level reading with a model or
// without one.
import {
  carriedTopicOf,
  rewriteFollowUp,
  rewriteWords,
  subjectLeftTo,
  type ConversationTurn,
  type TermStatistics,
} from '../grounding'
import type { PreparedTurn } from '../turn'
import { debateTermStats, searchDebateLibrary } from './evidence'

/** The fallback when the statistics cannot be read: the topic is carried by form alone. */
const STATISTICS_FALLBACK = 'follow_up:term_statistics_could_not_be_loaded;_read_without_them'

/** The status line of a follow-up debated as a new question (the page shows it, stored too). */
export function subjectChangeStatus(subject: string): string {
  return `Nothing on the earlier topic mentions “${subject}”: debating it as a new question`
}

export interface DebateFollowUp {
  /** What to search: the question, with the topic carried when it continues it. */
  query: string
  /** The subject it turned to, when it left the earlier topic and is searched alone. */
  subjectChange: string | null
  fallbacks: string[]
}

export async function debateFollowUp(
  turn: PreparedTurn,
  question: string,
  history: ConversationTurn[],
): Promise<DebateFollowUp> {
  if (history.length === 0) return { query: question, subjectChange: null, fallbacks: [] }
  let stats: TermStatistics
  try {
    stats = await debateTermStats(turn, rewriteWords(question, history))
  } catch (error) {
    if (turn.signal.aborted) throw error
    const query = rewriteFollowUp(question, history)
    return { query, subjectChange: null, fallbacks: [STATISTICS_FALLBACK] }
  }
  const query = rewriteFollowUp(question, history, { stats })
  const followUp = carriedTopicOf(query)
  if (!followUp) return { query, subjectChange: null, fallbacks: [] }
  // The statistics already hold every word of the query: it is made of the conversation's.
  const subject = await subjectLeftTo(query, await topicPassages(turn, query), stats)
  return subject
    ? { query: followUp.asked, subjectChange: subject, fallbacks: [] }
    : { query, subjectChange: null, fallbacks: [] }
}

/**
 * What the question with its topic carried finds (what scientist 1 searches first); none when
 * search fails (its turns will say so).
 */
async function topicPassages(turn: PreparedTurn, query: string) {
  try {
    const found = await searchDebateLibrary(turn, query)
    return found.chunks.map((c) => ({ title: c.title, text: c.content }))
  } catch (error) {
    if (turn.signal.aborted) throw error
    return []
  }
}
