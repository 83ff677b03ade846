// Where a session's papers live in the index: one namespace per session, so a chat searches
// only the papers that session loaded.

export function paperNamespace(sessionId: string): string {
  return `papers:${sessionId}`
}
