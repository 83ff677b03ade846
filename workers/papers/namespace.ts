// Where a session's papers live in the index: one private namespace per session, so a chat
// searches only the papers that session loaded and nobody else reads them.
import { sessionNamespace } from '../namespaces'

export function paperNamespace(sessionId: string): string {
  return sessionNamespace('papers', sessionId)
}
