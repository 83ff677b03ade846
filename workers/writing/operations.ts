// The writing capability's session operations: read pending content, resolve it (approve
// after placement, reject with an optional reason), read what approved content was written
// from, and read or set the document's citation style, inside the session object.
import { z } from 'zod'
import { AppError, NotFoundError } from '../errors'
import { defineOperation } from '../session'
import { citationStyleSchema, readCitationStyle, writeCitationStyle } from './citation-style'
import type { PlacedPiece } from './in-text-citations'
import {
  approvedPieces,
  currentPending,
  latestPending,
  readPending,
  resolvePending,
  type PendingRecord,
} from './pending-store'
import type { WritingSource } from './sources'

const id = z.string().min(1).max(64)

function mustRead(sql: SqlStorage, pendingId: string): PendingRecord {
  const record = readPending(sql, pendingId)
  if (!record) throw new NotFoundError('No such content in this session')
  return record
}

export const writingOperations = {
  readPending: defineOperation({
    name: 'writing.pending.read',
    input: z.object({ id }),
    run: ({ store }, input): PendingRecord => mustRead(store.sql, input.id),
  }),
  current: defineOperation({
    name: 'writing.pending.current',
    input: z.object({}).strict(),
    run: ({ store }): PendingRecord | null => currentPending(store.sql) ?? null,
  }),
  latest: defineOperation({
    name: 'writing.pending.latest',
    input: z.object({}).strict(),
    run: ({ store }): PendingRecord | null => latestPending(store.sql) ?? null,
  }),
  placedPieces: defineOperation({
    name: 'writing.pieces.approved',
    input: z.object({}).strict(),
    // Sources are stored from WritingSource values, so they carry `verified` and the ids.
    run: ({ store }): PlacedPiece[] =>
      approvedPieces(store.sql).map((p) => ({
        content: p.document_content,
        sources: p.sources as WritingSource[],
        attributions: p.attributions,
      })),
  }),
  readStyle: defineOperation({
    name: 'writing.style.read',
    input: z.object({}).strict(),
    run: ({ store }) => readCitationStyle(store.sql),
  }),
  writeStyle: defineOperation({
    name: 'writing.style.write',
    input: z.object({ style: citationStyleSchema }),
    run: ({ store }, input) => writeCitationStyle(store.sql, input.style),
  }),
  resolve: defineOperation({
    name: 'writing.pending.resolve',
    input: z.object({
      id,
      status: z.enum(['approved', 'rejected']),
      reason: z.string().max(2_000).optional(),
    }),
    run: ({ store, now }, input): PendingRecord => {
      const record = mustRead(store.sql, input.id)
      if (!resolvePending(store.sql, { ...input, now: now() })) {
        throw new AppError(409, 'conflict', `This content is already ${record.status}`)
      }
      return mustRead(store.sql, input.id)
    },
  }),
}
