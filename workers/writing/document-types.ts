// Seed 000 steps 5 and 12: the document types list from D1 for the prompt, and the new types
// a model asks for, created when their names are valid (lower snake case, 2-40 characters,
// not a reserved word); existing names are left alone. A model's types belong to the session
// whose run proposed them, at most MAX_SESSION_TYPES of them: no other session's prompt reads
// them (model output never becomes another tenant's prompt). Shared types are the system's and
// those an operator writes with an API key (shared-types-routes.ts).
import { insertDocumentType, listDocumentTypes, type DocumentTypeRow } from '../db'
import { newTypeSchema } from './schemas'

const TYPE_NAME = /^[a-z][a-z0-9_]{1,39}$/
const RESERVED = new Set(['null', 'undefined', 'true', 'false', 'none', 'type', 'types'])

export function isValidTypeName(name: string): boolean {
  return TYPE_NAME.test(name) && !RESERVED.has(name)
}

export function typesList(types: DocumentTypeRow[]): string {
  return types.map((t) => `- ${t.typeName}: ${t.description}`).join('\n')
}

/** Types one session may add over its life: each is a line in its every stage-1 prompt. */
export const MAX_SESSION_TYPES = 30

/** The shared types and the session's own: what its stage-1 prompt lists. */
export async function readTypes(db: D1Database, sessionId: string): Promise<DocumentTypeRow[]> {
  const seen = new Set<string>()
  // A shared type added after a session made its own of that name wins: one line a name.
  return (await listDocumentTypes(db, sessionId)).filter(
    (t) => !seen.has(t.typeName) && seen.add(t.typeName),
  )
}

export interface TypeCreation {
  created: string[]
  ignored: { name: string; reason: string }[]
}

export async function createNewTypes(
  db: D1Database,
  sessionId: string,
  raw: unknown[],
): Promise<TypeCreation> {
  const result: TypeCreation = { created: [], ignored: [] }
  const seen = new Set<string>()
  for (const item of raw.slice(0, 10)) {
    const parsed = newTypeSchema.safeParse(item)
    const name = parsed.success ? parsed.data.type_name.toLowerCase().replace(/[\s-]+/g, '_') : ''
    if (!parsed.success || !isValidTypeName(name)) {
      result.ignored.push({
        name: name || String(parsed.data?.type_name ?? ''),
        reason: 'invalid name',
      })
      continue
    }
    if (seen.has(name)) continue
    seen.add(name)
    const outcome = await insertDocumentType(db, {
      sessionId,
      cap: MAX_SESSION_TYPES,
      type: {
        typeName: name,
        description: parsed.data.description.slice(0, 500) || name.replace(/_/g, ' '),
        metadataSchema: parsed.data.metadata_schema,
      },
    })
    if (outcome === 'created') result.created.push(name)
    else result.ignored.push({ name, reason: outcome === 'cap' ? 'session type limit' : 'exists' })
  }
  return result
}
