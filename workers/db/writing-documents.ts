// Typed queries over the writing tables: a session's document, its numbered versions, its
// structure blocks (replaced on every save) and the document types list.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import {
  documentTypes,
  writingDocumentBlocks,
  writingDocuments,
  writingDocumentVersions,
} from './schema'

export interface WritingDocumentRow {
  markdown: string
  version: number
  updatedAt: Date
}

export interface WritingBlockRow {
  blockId: string
  type: string
  parentId: string | null
  position: number
  content: string
}

export interface DocumentVersionRow {
  version: number
  reason: string
  createdAt: Date
}

export interface DocumentTypeRow {
  typeName: string
  description: string
  metadataSchema: Record<string, unknown>
  isSystem: boolean
}

export async function readWritingDocument(
  db: D1Database,
  sessionId: string,
): Promise<WritingDocumentRow | undefined> {
  return drizzle(db)
    .select({
      markdown: writingDocuments.markdown,
      version: writingDocuments.version,
      updatedAt: writingDocuments.updatedAt,
    })
    .from(writingDocuments)
    .where(eq(writingDocuments.sessionId, sessionId))
    .get()
}

export interface DocumentSave {
  sessionId: string
  markdown: string
  reason: string
  now: number
  blocks: WritingBlockRow[]
}

/**
 * Writes the next version, the current document and its blocks in one batch. The unique
 * (session, version) index makes a concurrent save of the same number fail instead of
 * overwriting: the caller reports the conflict.
 */
export async function saveWritingDocument(db: D1Database, save: DocumentSave): Promise<number> {
  const orm = drizzle(db)
  const current = await readWritingDocument(db, save.sessionId)
  const version = (current?.version ?? 0) + 1
  const at = new Date(save.now)
  const blockRows = save.blocks.map((b) =>
    orm.insert(writingDocumentBlocks).values({ sessionId: save.sessionId, ...b }),
  )
  await orm.batch([
    orm.insert(writingDocumentVersions).values({
      sessionId: save.sessionId,
      version,
      markdown: save.markdown,
      reason: save.reason,
      createdAt: at,
    }),
    orm
      .insert(writingDocuments)
      .values({ sessionId: save.sessionId, markdown: save.markdown, version, updatedAt: at })
      .onConflictDoUpdate({
        target: writingDocuments.sessionId,
        set: { markdown: save.markdown, version, updatedAt: at },
      }),
    orm.delete(writingDocumentBlocks).where(eq(writingDocumentBlocks.sessionId, save.sessionId)),
    ...blockRows,
  ])
  return version
}

export async function listDocumentVersions(
  db: D1Database,
  sessionId: string,
): Promise<DocumentVersionRow[]> {
  return drizzle(db)
    .select({
      version: writingDocumentVersions.version,
      reason: writingDocumentVersions.reason,
      createdAt: writingDocumentVersions.createdAt,
    })
    .from(writingDocumentVersions)
    .where(eq(writingDocumentVersions.sessionId, sessionId))
    .orderBy(asc(writingDocumentVersions.version))
    .all()
}

export async function readDocumentVersion(
  db: D1Database,
  sessionId: string,
  version: number,
): Promise<string | undefined> {
  const row = await drizzle(db)
    .select({ markdown: writingDocumentVersions.markdown })
    .from(writingDocumentVersions)
    .where(
      and(
        eq(writingDocumentVersions.sessionId, sessionId),
        eq(writingDocumentVersions.version, version),
      ),
    )
    .get()
  return row?.markdown
}

export async function readWritingBlocks(
  db: D1Database,
  sessionId: string,
): Promise<WritingBlockRow[]> {
  return drizzle(db)
    .select({
      blockId: writingDocumentBlocks.blockId,
      type: writingDocumentBlocks.type,
      parentId: writingDocumentBlocks.parentId,
      position: writingDocumentBlocks.position,
      content: writingDocumentBlocks.content,
    })
    .from(writingDocumentBlocks)
    .where(eq(writingDocumentBlocks.sessionId, sessionId))
    .orderBy(asc(writingDocumentBlocks.position))
    .all()
}

/** Shared types are stored under this owner; a session's own under its id. */
export const SHARED_TYPES_OWNER = ''

/** The types one session's prompts read: the shared ones, then its own (a shared name first). */
export async function listDocumentTypes(
  db: D1Database,
  sessionId: string,
): Promise<DocumentTypeRow[]> {
  return drizzle(db)
    .select({
      typeName: documentTypes.typeName,
      description: documentTypes.description,
      metadataSchema: documentTypes.metadataSchema,
      isSystem: documentTypes.isSystem,
    })
    .from(documentTypes)
    .where(inArray(documentTypes.sessionId, [SHARED_TYPES_OWNER, sessionId]))
    .orderBy(
      sql`${documentTypes.isSystem} DESC`,
      asc(documentTypes.typeName),
      asc(documentTypes.sessionId),
    )
    .all()
}

export type TypeInsertOutcome = 'created' | 'exists' | 'cap'

/**
 * Adds a type to one session unless a type of that name is visible to it already (shared or
 * its own) or the session holds `cap` types; one statement, so concurrent runs keep the cap.
 */
export async function insertDocumentType(
  db: D1Database,
  input: { sessionId: string; cap: number; type: Omit<DocumentTypeRow, 'isSystem'> },
): Promise<TypeInsertOutcome> {
  const { sessionId, cap, type } = input
  const result = await db
    .prepare(
      `INSERT INTO document_types (session_id, type_name, description, metadata_schema, is_system)
       SELECT ?1, ?2, ?3, ?4, 0
       WHERE NOT EXISTS (SELECT 1 FROM document_types WHERE type_name = ?2 AND session_id IN ('', ?1))
         AND (SELECT count(*) FROM document_types WHERE session_id = ?1) < ?5`,
    )
    .bind(sessionId, type.typeName, type.description, JSON.stringify(type.metadataSchema), cap)
    .run()
  if ((result.meta.changes ?? 0) > 0) return 'created'
  const seen = await db
    .prepare(`SELECT 1 AS n FROM document_types WHERE type_name = ?1 AND session_id IN ('', ?2)`)
    .bind(type.typeName, sessionId)
    .first()
  return seen ? 'exists' : 'cap'
}
