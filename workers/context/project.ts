// Projects: files that matter for the whole session. While they fit the window they are shown
// whole near the end of every turn; when they do not, they are indexed once into the session's
// own namespace and the turn shows the passages retrieved for the user's message instead.
import { sessionNamespace } from '../namespaces'
import type { RetrievedChunk } from '../retrieval'
import type { ContextFile } from './file-store'
import type { SourceDocument } from './numbering'

export interface ProjectSources {
  /** Index these not-yet-indexed files into the project's namespace. */
  index(files: ContextFile[]): Promise<void>
  retrieve(query: string, tokenBudget: number): Promise<RetrievedChunk[]>
}

export interface ProjectContext {
  mode: 'none' | 'inline' | 'retrieved'
  documents: SourceDocument[]
}

export function projectNamespace(sessionId: string): string {
  return sessionNamespace('project', sessionId)
}

/** A stored file as a document: name for title, kind and size as metadata. */
export function fileDocument(file: ContextFile): SourceDocument {
  const contents =
    file.kind === 'image'
      ? `[Image "${file.name}" (${file.contentType}). Only text reaches the model here.]`
      : file.text
  return {
    title: file.name,
    metadata: `${file.kind} file, ${file.tokens} tokens`,
    contents,
    source: { title: file.name, sourceId: `file:${file.id}`, snippet: contents.slice(0, 200) },
  }
}

function chunkDocument(chunk: RetrievedChunk): SourceDocument {
  return {
    title: chunk.title,
    metadata: chunk.page === null ? undefined : `page ${chunk.page}`,
    contents: chunk.content,
    source: {
      title: chunk.title,
      sourceId: chunk.sourceId,
      chunkId: chunk.chunkId,
      page: chunk.page,
      snippet: chunk.content.slice(0, 200),
    },
  }
}

export function projectFits(files: ContextFile[], limit: number): boolean {
  return files.reduce((sum, file) => sum + file.tokens, 0) <= limit
}

export async function buildProjectContext(options: {
  files: ContextFile[]
  limit: number
  query: string
  sources: ProjectSources
}): Promise<ProjectContext> {
  const { files, limit, query, sources } = options
  if (files.length === 0) return { mode: 'none', documents: [] }
  if (projectFits(files, limit)) return { mode: 'inline', documents: files.map(fileDocument) }
  const pending = files.filter((file) => !file.indexed && file.kind !== 'image')
  if (pending.length > 0) await sources.index(pending)
  const chunks = await sources.retrieve(query, limit)
  return { mode: 'retrieved', documents: chunks.map(chunkDocument) }
}
