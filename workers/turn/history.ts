// Stored rows -> ChatMessageSimple: the stored form goes no deeper than this file. Earlier
// turns keep their tool calls' arguments, but their results become a fixed short string.
import {
  assistantMessage,
  fileDocument,
  TOOL_RESULT_DROPPED,
  toolMessage,
  userMessage,
  type ChatMessageSimple,
  type ContextDocument,
  type ContextFile,
} from '../context'
import type { StoredMessage } from '../session'
import { answerDataSchema, userDataSchema, type AnswerData } from './message-data'

export type FileLookup = (ids: string[]) => ContextFile[]

function userRow(row: StoredMessage, lookup: FileLookup): ChatMessageSimple {
  const data = userDataSchema.safeParse(row.data)
  if (!data.success || data.data.files.length === 0) return userMessage(row.content)
  const stored = new Map(lookup(data.data.files.map((f) => f.id)).map((f) => [f.id, f]))
  const files = data.data.files.flatMap((attached): ContextDocument[] => {
    const file = stored.get(attached.id)
    if (!file) return []
    const { title, url, metadata, contents } = fileDocument(file)
    return [{ document: attached.document, title, url, metadata, contents }]
  })
  return userMessage(row.content, files)
}

function answerRows(row: StoredMessage, data: AnswerData): ChatMessageSimple[] {
  const messages: ChatMessageSimple[] = []
  for (const cycle of data.cycles) {
    if (cycle.tool_calls.length === 0) {
      if (cycle.text.trim()) messages.push(assistantMessage(cycle.text))
      continue
    }
    const calls = cycle.tool_calls.map(({ id, name, arguments: args }) => ({
      id,
      name,
      arguments: args,
    }))
    messages.push(assistantMessage(cycle.text, calls))
    for (const call of calls) messages.push(toolMessage(call, TOOL_RESULT_DROPPED))
  }
  if (messages.length === 0 && row.content.trim()) messages.push(assistantMessage(row.content))
  return messages
}

/** The history as the turn works with it; rows other capabilities wrote count by role. */
export function buildHistory(rows: StoredMessage[], lookup: FileLookup): ChatMessageSimple[] {
  return rows.flatMap((row): ChatMessageSimple[] => {
    if (row.role === 'user') return [userRow(row, lookup)]
    if (row.role !== 'assistant') return []
    const data = answerDataSchema.safeParse(row.data)
    if (data.success) return answerRows(row, data.data)
    return row.content.trim() ? [assistantMessage(row.content)] : []
  })
}
