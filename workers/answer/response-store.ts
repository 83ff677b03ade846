// Stored /v1/responses: a response id maps to its owner and its conversation (the turns so far
// and the sources the answer cited), so previous_response_id continues it like a session turn.
import { z } from 'zod'
import { readApiResponse, writeApiResponse } from '../db'
import { stripCitationMarkers, tidyAnswer } from '../grounding'
import { domainOf, type WebSearchResult } from '../sources'
import { HISTORY_LIMIT } from './answer'
import { historyTurnSchema, type HistoryTurn } from './schemas'
import { sourceIdOfLink } from './source-view'
import type { AnswerPayload } from './types'

const conversationSchema = z.object({
  turns: z.array(historyTurnSchema),
  sources: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      snippet: z.string(),
      domain: z.string(),
      date: z.string().optional(),
      sourceId: z.string().optional(),
    }),
  ),
})
export type Conversation = z.infer<typeof conversationSchema>

/** Two turns per exchange: enough for the answer engine's HISTORY_LIMIT. */
const KEPT_TURNS = HISTORY_LIMIT * 2

/** The conversation after this answer; old answers lose their [n] (old source numbers). */
export function nextConversation(history: HistoryTurn[], payload: AnswerPayload): Conversation {
  const answer = tidyAnswer(stripCitationMarkers(payload.answer))
  const turns: HistoryTurn[] = [
    ...history,
    { role: 'user', content: payload.question },
    { role: 'assistant', content: answer },
  ]
  const cited = payload.abstained ? [] : payload.sources.filter((s) => s.cited)
  const sources = cited.map((s): WebSearchResult => {
    const sourceId = sourceIdOfLink(s.url)
    return {
      title: s.title,
      url: s.url,
      snippet: s.snippet,
      domain: sourceId === null ? domainOf(s.url) : 'quire',
      ...(s.date ? { date: s.date } : {}),
      ...(sourceId === null ? {} : { sourceId }),
    }
  })
  return { turns: turns.slice(-KEPT_TURNS), sources }
}

export interface StoredResponse {
  response: Record<string, unknown>
  conversation: Conversation
}

/** The owner's stored response, or null (unknown id and someone else's look the same). */
export async function readStoredResponse(
  db: D1Database,
  id: string,
  owner: string,
): Promise<StoredResponse | null> {
  const row = await readApiResponse(db, id, owner)
  if (!row) return null
  const conversation = conversationSchema.safeParse(row.conversation)
  // A row that no longer parses still answers GET; it just continues nothing.
  return {
    response: row.response,
    conversation: conversation.success ? conversation.data : { turns: [], sources: [] },
  }
}

export async function storeResponse(
  db: D1Database,
  row: { id: string; owner: string; createdAt: number } & StoredResponse,
): Promise<void> {
  await writeApiResponse(db, { ...row, createdAt: new Date(row.createdAt) })
}
