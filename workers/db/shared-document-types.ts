// The shared document types every session's stage-1 prompt lists (owner SHARED_TYPES_OWNER):
// written only through the API-key routes (workers/writing/shared-types-routes.ts), never by
// a model's reply. The system's own types (is_system) are read-only here.
import { and, asc, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { documentTypes } from './schema'
import { SHARED_TYPES_OWNER, type DocumentTypeRow } from './writing-documents'

export async function listSharedDocumentTypes(db: D1Database): Promise<DocumentTypeRow[]> {
  return drizzle(db)
    .select({
      typeName: documentTypes.typeName,
      description: documentTypes.description,
      metadataSchema: documentTypes.metadataSchema,
      isSystem: documentTypes.isSystem,
    })
    .from(documentTypes)
    .where(eq(documentTypes.sessionId, SHARED_TYPES_OWNER))
    .orderBy(asc(documentTypes.typeName))
    .all()
}

export type SharedTypeWrite = 'created' | 'replaced' | 'system'

/** Creates or replaces one shared type; a system type of that name is left as it is. */
export async function putSharedDocumentType(
  db: D1Database,
  type: Omit<DocumentTypeRow, 'isSystem'>,
): Promise<SharedTypeWrite> {
  const existing = await db
    .prepare(`SELECT is_system FROM document_types WHERE session_id = ?1 AND type_name = ?2`)
    .bind(SHARED_TYPES_OWNER, type.typeName)
    .first<{ is_system: number }>()
  if (existing?.is_system) return 'system'
  await db
    .prepare(
      `INSERT INTO document_types (session_id, type_name, description, metadata_schema, is_system)
       VALUES (?1, ?2, ?3, ?4, 0)
       ON CONFLICT (session_id, type_name) DO UPDATE SET
         description = excluded.description, metadata_schema = excluded.metadata_schema
       WHERE is_system = 0`,
    )
    .bind(SHARED_TYPES_OWNER, type.typeName, type.description, JSON.stringify(type.metadataSchema))
    .run()
  return existing ? 'replaced' : 'created'
}

export type SharedTypeRemoval = 'deleted' | 'system' | 'missing'

export async function deleteSharedDocumentType(
  db: D1Database,
  typeName: string,
): Promise<SharedTypeRemoval> {
  const gone = await drizzle(db)
    .delete(documentTypes)
    .where(
      and(
        eq(documentTypes.sessionId, SHARED_TYPES_OWNER),
        eq(documentTypes.typeName, typeName),
        eq(documentTypes.isSystem, false),
      ),
    )
    .returning({ typeName: documentTypes.typeName })
  if (gone.length > 0) return 'deleted'
  const system = await db
    .prepare(`SELECT 1 AS n FROM document_types WHERE session_id = ?1 AND type_name = ?2`)
    .bind(SHARED_TYPES_OWNER, typeName)
    .first()
  return system ? 'system' : 'missing'
}
