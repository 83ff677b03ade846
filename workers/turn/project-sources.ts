// Wires the project's context to the knowledge base: indexing overflowing project files into
// the session's namespace and retrieving from it. A failure degrades to no project documents
// (the turn still answers); only a stop propagates.
import {
  buildProjectContext,
  markFilesIndexed,
  projectNamespace,
  type ContextFile,
  type ProjectSources,
  type SourceDocument,
} from '../context'
import { indexMany } from '../retrieval'
import type { RunContext } from '../session'
import type { TurnState } from './state'

function projectSources(ctx: RunContext<unknown>): ProjectSources {
  const { deps, store, signal } = ctx
  const namespace = projectNamespace(ctx.sessionId)
  return {
    async index(files: ContextFile[]) {
      const requests = files.map((file) => ({
        source: { kind: 'text' as const, externalId: `${namespace}:${file.id}`, title: file.name },
        documents: [{ title: file.name, pages: [{ page: null, text: file.text }] }],
        namespace,
        preset: 'papers' as const,
      }))
      await indexMany(deps, requests, signal)
      markFilesIndexed(
        store.sql,
        files.map((file) => file.id),
      )
    },
    async retrieve(query: string, tokenBudget: number) {
      const options = { namespaces: [namespace], tokenBudget }
      const result = await deps.retriever.retrieve(query, options, signal)
      return result.chunks
    },
  }
}

export async function loadProject(options: {
  ctx: RunContext<unknown>
  files: ContextFile[]
  limit: number
  query: string
  state: TurnState
}): Promise<SourceDocument[]> {
  const { ctx, files, limit, query, state } = options
  try {
    const project = await buildProjectContext({ files, limit, query, sources: projectSources(ctx) })
    state.project = project.mode
    return project.documents
  } catch (error) {
    if (ctx.signal.aborted) throw error
    // Recorded on the saved message; the turn goes on without the project.
    state.project = 'unavailable'
    state.addFallback({ stage: 'project', reason: 'the project files could not be searched' })
    return []
  }
}
