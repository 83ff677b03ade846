// The erasure steps of a session, in order (SessionDO runs them after burying the session and
// clears its own storage last): each deletes one kind of data and is idempotent.
import { deleteSessionRows } from '../db'
import { sessionNamespaces } from '../namespaces'
import { deleteSessionPdfs } from '../papers'
import type { ErasureStep } from '../session'
import { eraseCachedAnswers, eraseIndexRows, erasePostings, eraseVectors } from './index-erasure'

const scopeOf = (sessionId: string) => ({ namespaces: sessionNamespaces(sessionId) })

export const sessionErasureSteps: readonly ErasureStep[] = [
  { name: 'cached_answers', run: (c) => eraseCachedAnswers(c.deps, scopeOf(c.sessionId)) },
  { name: 'vectors', run: (c) => eraseVectors(c.deps, scopeOf(c.sessionId), c.signal) },
  { name: 'sources', run: (c) => eraseIndexRows(c.deps, scopeOf(c.sessionId)) },
  { name: 'term_postings', run: (c) => erasePostings(c.deps, c.signal) },
  { name: 'pdfs', run: (c) => deleteSessionPdfs(c.deps.papersPdf, c.sessionId) },
  { name: 'session_rows', run: (c) => deleteSessionRows(c.deps.db, c.sessionId) },
]
