// Who may read a knowledge-base source (GET /api/sources/:id, MCP get_source and
// quire://sources/{id}): anyone, when its namespace is shared (the library, the scholarly cache,
// an operator's); a session's private material only with that session's token, or a share
// link of that session whose transcript cites it. A refusal is the same null as an unknown id,
// reached by the same steps: an unknown id's credentials are checked too, against a session
// nobody owns, so neither the answer nor the time it takes tells a private id from a made-up one.
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

/** Checked in an unknown id's place: no session can hold this name (session ids are UUIDs). */
const NO_OWNER = '\u0000no-owner'

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
  if (source && isSharedNamespace(source.namespace)) {
    return { view: await toSourceView(deps.db, source), isPrivate: false }
  }
  const owner = (source && namespaceOwner(source.namespace)) || NO_OWNER
  const allowed = await ownerAllows(deps, owner, id, credentials)
  if (!source || owner === NO_OWNER || !allowed) return null
  return { view: await toSourceView(deps.db, source), isPrivate: true }
}
