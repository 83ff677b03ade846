// Typed queries over api_responses: one stored /v1 response per id, read only by its owner.
import { and, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { apiResponses } from './schema'

export type ApiResponseRow = typeof apiResponses.$inferSelect

export async function readApiResponse(
  db: D1Database,
  id: string,
  owner: string,
): Promise<ApiResponseRow | undefined> {
  return drizzle(db)
    .select()
    .from(apiResponses)
    .where(and(eq(apiResponses.id, id), eq(apiResponses.owner, owner)))
    .get()
}

export async function writeApiResponse(db: D1Database, row: ApiResponseRow): Promise<void> {
  await drizzle(db).insert(apiResponses).values(row)
}
