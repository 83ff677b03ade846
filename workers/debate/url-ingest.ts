// The optional `url` of a debate request (seed 002 §2): its readable text is indexed before
// round 1 (guarded fetch, the turn's time cap) into the debate session's own namespace, so
// this debate's retrieval finds it and nobody else's does: the request is anonymous. A page
// that cannot be read is reported and the debate goes on.
import { sessionNamespace } from '../namespaces'
import { indexMany } from '../retrieval'
import { fetchReadablePage } from '../sources'
import type { PreparedTurn } from '../turn'
import { untilAborted, withTimeout } from './abortable'

export interface UrlIngest {
  ok: boolean
  message: string
}

export async function ingestUrl(turn: PreparedTurn, url: string): Promise<UrlIngest> {
  const { deps } = turn
  const capped = withTimeout(turn.signal, deps.config.debate.ingestTimeoutMs)
  try {
    const work = (async () => {
      const page = await fetchReadablePage(deps.safeFetch, url, capped)
      if (!page.text.trim()) throw new Error('no readable text')
      const title = page.title || page.url
      await indexMany(
        deps,
        [
          {
            source: { kind: 'web', externalId: page.url, title, url: page.url },
            documents: [{ title, pages: [{ page: null, text: page.text }] }],
            namespace: sessionNamespace('debate', turn.sessionId),
          },
        ],
        capped,
      )
      return title
    })()
    const title = await untilAborted(work, capped)
    return { ok: true, message: `URL ingested: ${title}` }
  } catch (error) {
    if (turn.signal.aborted) throw error
    const why = capped.aborted ? 'timed out' : error instanceof Error ? error.message : 'unreadable'
    return { ok: false, message: `URL not ingested (${why.slice(0, 200)}): debating without it` }
  }
}
