// Who may read a knowledge-base source (GET /api/sources/:id, MCP get_source and
// quire://sources/{id}): anyone, when its namespace is shared (the library, the scholarly cache,
// an operator's); a session's private material only with that session's token, or a share
// link of that session whose transcript cites it. A refusal is the same null as an unknown id.
import { readSource } from '../db'
import type { Deps } from '../deps'
import { hashToken } from '../http'
import { isSharedNamespace, namespaceOwner } from '../namespaces'
import { openSession } from '../session'
import { shareGrantsSource } from '../share'
import { toSourceView, type SourceView } from './source-view'

export interface SourceCredentials {
  /** A session's bearer token. */
  sessionToken?: string
  /** A share link's token (`/s/<token>`). */
  shareToken?: string
}

export interface ReadableSource {
  view: SourceView
  /** Session-private: responses must not be cached or indexed. */
  isPrivate: boolean
}

async function ownerAllows(
  deps: Deps,
  owner: string,
  sourceId: string,
  credentials: SourceCredentials,
): Promise<boolean> {
  const { sessionToken, shareToken } = credentials
  if (sessionToken) {
    const verdict = await openSession(deps, owner).authorize(await hashToken(sessionToken))
    if (verdict === 'ok') return true
  }
  if (!shareToken) return false
  return shareGrantsSource(deps, shareToken, { sessionId: owner, sourceId })
}

export async function readSourceFor(
  deps: Deps,
  id: string,
  credentials: SourceCredentials,
): Promise<ReadableSource | null> {
  const source = await readSource(deps.db, id)
  if (!source) return null
  if (isSharedNamespace(source.namespace)) {
    return { view: await toSourceView(deps.db, source), isPrivate: false }
  }
  const owner = namespaceOwner(source.namespace)
  if (!owner || !(await ownerAllows(deps, owner, source.id, credentials))) return null
  return { view: await toSourceView(deps.db, source), isPrivate: true }
}
