// A session's research document in D1: read it with its structure, save a new version (the
// structure tree rebuilt from mdast each time), list versions, restore one byte for byte
// (restoring is itself a new version).
import {
  listDocumentVersions,
  readDocumentVersion,
  readWritingBlocks,
  readWritingDocument,
  saveWritingDocument,
} from '../db'
import { AppError, NotFoundError } from '../errors'
import { structureOf, type StructureNode } from './structure'

export interface DocumentView {
  markdown: string
  version: number
  structure: StructureNode[]
  updated_at: number | null
}

export interface VersionView {
  version: number
  created_at: number
  reason: string
}

export type SaveReason = 'edit' | 'placement' | `restore:${number}`

export async function readDocument(db: D1Database, sessionId: string): Promise<DocumentView> {
  const row = await readWritingDocument(db, sessionId)
  if (!row) return { markdown: '', version: 0, structure: [], updated_at: null }
  const blocks = await readWritingBlocks(db, sessionId)
  return {
    markdown: row.markdown,
    version: row.version,
    structure: blocks.map((b) => ({
      id: b.blockId,
      type: b.type,
      parent_id: b.parentId,
      position: b.position,
      content: b.content,
    })),
    updated_at: row.updatedAt.getTime(),
  }
}

export async function saveDocument(
  db: D1Database,
  options: { sessionId: string; markdown: string; reason: SaveReason; now: number },
): Promise<{ markdown: string; version: number }> {
  const blocks = structureOf(options.markdown).map((n) => ({
    blockId: n.id,
    type: n.type,
    parentId: n.parent_id,
    position: n.position,
    content: n.content,
  }))
  try {
    const version = await saveWritingDocument(db, { ...options, blocks })
    return { markdown: options.markdown, version }
  } catch (error) {
    // Two saves raced for the same version number: the unique index refused the second.
    if (String(error).includes('UNIQUE')) {
      throw new AppError(409, 'conflict', 'The document changed while saving; reload and retry', {
        cause: error,
      })
    }
    throw error
  }
}

export async function listVersions(db: D1Database, sessionId: string): Promise<VersionView[]> {
  const rows = await listDocumentVersions(db, sessionId)
  return rows.map((r) => ({
    version: r.version,
    created_at: r.createdAt.getTime(),
    reason: r.reason,
  }))
}

export async function restoreVersion(
  db: D1Database,
  options: { sessionId: string; version: number; now: number },
): Promise<{ markdown: string; version: number; restored: number }> {
  const markdown = await readDocumentVersion(db, options.sessionId, options.version)
  if (markdown === undefined) throw new NotFoundError(`No version ${options.version}`)
  const saved = await saveDocument(db, {
    sessionId: options.sessionId,
    markdown,
    reason: `restore:${options.version}`,
    now: options.now,
  })
  return { ...saved, restored: options.version }
}
