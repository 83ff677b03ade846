// A reopened Write session shows what the server holds: the chat (each request and Quire's
// reply) and the content still awaiting approval, with its revision.
import { readSessionHistory } from '../session-history'
import type { ChatPane } from './chat-pane'
import type { PendingView } from './suggestion'
import type { WriteApi } from './write-api'

const KINDS = new Set(['turn_user', 'writing_answer'])

export async function restoreWriteSession(
  api: WriteApi,
  chat: ChatPane,
): Promise<PendingView | null> {
  const [history, pending] = await Promise.all([readSessionHistory(api.session), api.pending()])
  for (const message of history?.messages ?? []) {
    if (!KINDS.has(String(message.data?.kind))) continue
    chat.say(message.role === 'user' ? 'user' : 'assistant', message.content)
  }
  return pending
}
