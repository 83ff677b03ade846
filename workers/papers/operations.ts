// The papers capability's session operations: paper records and statuses, the last search's
// results, the quotas (check-and-use, refund, read, mark the provider exhausted) and the
// session log.
import { z } from 'zod'
import { defineOperation } from '../session'
import { appendLog, readLog } from './log-store'
import {
  listPapers,
  putPaper,
  removePaper,
  readResults,
  saveResults,
  staleLoading,
  type PaperRecord,
} from './paper-store'
import {
  consumeQuota,
  markApiExhausted,
  readQuota,
  refundQuota,
  type QuotaDecision,
  type QuotaView,
} from './quota'

const limitsSchema = z.object({
  searchLimit: z.number().int().positive(),
  chatLimit: z.number().int().positive(),
  brainLimit: z.number().int().positive(),
  cooldownMinutes: z.number().int().positive(),
  apiCooldownMinutes: z.number().int().positive(),
})

const paperSchema = z.object({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(1000),
  status: z.enum(['queued', 'loading', 'loaded', 'failed']),
  pages: z.number().int().nonnegative(),
  error: z.string().max(1000).optional(),
  pdf_url: z.string().max(2000).nullable(),
  arxiv_id: z.string().max(100).nullable(),
  stored: z.boolean(),
})

const resultSchema = z.object({
  index: z.number().int().positive(),
  arxiv_id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  abstract: z.string(),
  pdf_url: z.string(),
  abs_url: z.string(),
})

export const paperOperations = {
  list: defineOperation({
    name: 'papers.list',
    input: z.object({ limits: limitsSchema }),
    run: ({ store, now }, { limits }): { papers: PaperRecord[]; quota: QuotaView } => ({
      papers: listPapers(store.sql),
      quota: readQuota(store.sql, limits, now()),
    }),
  }),
  stale: defineOperation({
    name: 'papers.stale',
    input: z.object({ older_than_ms: z.number().int().positive() }),
    run: ({ store, now }, { older_than_ms }): PaperRecord[] =>
      staleLoading(store.sql, now() - older_than_ms),
  }),
  put: defineOperation({
    name: 'papers.put',
    input: paperSchema,
    run: ({ store, now }, paper): PaperRecord => putPaper(store.sql, paper, now()),
  }),
  remove: defineOperation({
    name: 'papers.remove',
    input: z.object({ id: z.string().min(1).max(200) }),
    run: ({ store }, { id }): PaperRecord | null => removePaper(store.sql, id),
  }),
  saveResults: defineOperation({
    name: 'papers.results.save',
    input: z.object({ results: z.array(resultSchema).max(50) }),
    run: ({ store }, { results }): { saved: number } => {
      saveResults(store.sql, results)
      return { saved: results.length }
    },
  }),
  readResults: defineOperation({
    name: 'papers.results.read',
    input: z.object({}).strict(),
    run: ({ store }) => readResults(store.sql),
  }),
  useQuota: defineOperation({
    name: 'papers.quota.use',
    input: z.object({ kind: z.enum(['search', 'chat', 'brain']), limits: limitsSchema }),
    run: ({ store, now }, { kind, limits }): QuotaDecision =>
      consumeQuota(store.sql, kind, limits, now()),
  }),
  refundQuota: defineOperation({
    name: 'papers.quota.refund',
    input: z.object({ kind: z.enum(['search', 'chat', 'brain']), limits: limitsSchema }),
    run: ({ store, now }, { kind, limits }): QuotaView =>
      refundQuota(store.sql, kind, limits, now()),
  }),
  appendLog: defineOperation({
    name: 'papers.log.append',
    input: z.object({
      entries: z
        .array(
          z.object({
            kind: z.enum(['rag_chunk', 'embedding', 'llm', 'request']),
            body: z.record(z.string(), z.unknown()),
          }),
        )
        .max(500),
    }),
    run: ({ store }, { entries }): { appended: number } => ({
      appended: appendLog(store.sql, entries),
    }),
  }),
  readLog: defineOperation({
    name: 'papers.log.read',
    input: z.object({ session_id: z.string() }),
    run: ({ store }, { session_id }) => readLog(store.sql, session_id),
  }),
  markExhausted: defineOperation({
    name: 'papers.quota.exhausted',
    input: z.object({ limits: limitsSchema }),
    run: ({ store, now }, { limits }): QuotaView => markApiExhausted(store.sql, limits, now()),
  }),
}
