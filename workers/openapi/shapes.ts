// Response payloads for /openapi.json as zod schemas, each checked at compile time against the
// type its capability returns: a field added, dropped or retyped there breaks the build here.
import { z } from 'zod'
import { MODEL_IDS, type AnswerPayload, type AnswerSource } from '../answer'
import type { IngestJobStatus, QueuedJob } from '../ingest'
import type { SessionDescription, StatusPacket } from '../session'
import type { RichMessage } from '../turn'
import { jsonSchema, type Json } from './blocks'

// Compile-time drift guards: `Same` is true only when both types accept the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T

const answerSource = z.object({
  number: z.number().int().min(1).describe('What the answer cites as [n]: sources[n - 1]'),
  title: z.string(),
  url: z.string().describe('Knowledge-base sources without a page link to /api/sources/{id}'),
  domain: z.string(),
  snippet: z.string(),
  image: z.string().nullable(),
  date: z.string().optional(),
  cited: z.boolean(),
  reason: z.string().describe('Why prioritize_sources kept it'),
})
const stageFallback = z.object({
  stage: z.string().describe('e.g. plan, synthesize, related_questions'),
  reason: z.string().describe('e.g. model unreachable, timeout, quota'),
})
const answerPayload = z.object({
  session_id: z.string(),
  question: z.string(),
  answer: z.string().describe('Markdown with [n] citation markers'),
  sources: z.array(answerSource).describe('Cited sources first, in citation order'),
  related_questions: z.array(z.string()),
  timestamp: z.string().describe('ISO 8601'),
  latency_ms: z.number().int().min(0),
  mode: z
    .enum(['online', 'offline', 'degraded'])
    .describe('offline: no model; degraded: a model is configured but a stage fell back'),
  cached: z.boolean().describe('Replayed from the 10-minute answer cache'),
  fallbacks: z
    .array(stageFallback)
    .describe('Each stage that took its deterministic fallback, and why (empty offline)'),
  abstained: z.boolean().describe('The sources do not cover the question: nothing is cited'),
  reason: z.string().optional().describe('Why it abstained (only when abstained)'),
  search_query: z
    .string()
    .optional()
    .describe('The standalone query searched, when it differs from the question'),
  model: z
    .string()
    .nullable()
    .describe('The model that wrote the answer; null offline or on fallback'),
  search_error: z.string().optional().describe('Set when search failed'),
  token: z.string().optional().describe('The new session token, only when this ask created it'),
})
type _AnswerSourceHolds = Holds<Same<z.input<typeof answerSource>, AnswerSource>>
type _AnswerPayloadHolds = Holds<Same<z.input<typeof answerPayload>, AnswerPayload>>

/** A run stopped by POST /api/sessions/{id}/stop keeps only what it had written. */
const stoppedRun = z.object({
  stopped: z.literal(true),
  session_id: z.string().optional(),
  question: z.string().optional(),
  answer: z.string().optional().describe('What the answer had written before the stop'),
  text: z.string().optional().describe('Set instead when the run did not unwind in time'),
  token: z.string().optional(),
})

const richMessage = z.object({
  id: z.string(),
  index: z.number().int(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.number().int().describe('Unix milliseconds'),
})
type _RichMessageHolds = Holds<Same<z.input<typeof richMessage>, RichMessage>>

const turnResult = z.object({
  message: richMessage.nullable().describe('The saved assistant message'),
  mode: z.enum(['offline', 'online']).optional(),
  stopped: z.boolean(),
  text: z.string().optional().describe('Only for a stop that did not unwind in time'),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})

const fileView = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  kind: z.enum(['text', 'pdf', 'image']),
  scope: z.enum(['message', 'project']),
  tokens: z.number().int().min(0),
  bytes: z.number().int().min(0),
  indexed: z.boolean().describe('In the project search index (set when the project overflows)'),
  created_at: z.number().int().describe('Unix milliseconds'),
})

const sessionDescription = z.object({
  session_id: z.uuid(),
  created_at: z.number().int().describe('Unix milliseconds'),
  messages: z.array(
    z.object({
      id: z.string(),
      index: z.number().int(),
      role: richMessage.shape.role,
      content: z.string(),
      data: z.record(z.string(), z.unknown()),
      createdAt: z.number().int(),
    }),
  ),
  running: z.object({ run_id: z.string(), kind: z.string() }).nullable(),
})
// One way only: the view's JSON values are wider than `unknown` allows back.
type _SessionHolds = Holds<
  SessionDescription extends z.input<typeof sessionDescription> ? true : false
>

const statusEvent = z.object({
  type: z.literal('status'),
  message: z.string(),
  step: z.string().optional(),
  phase: z.enum(['start', 'end', 'error']).optional(),
  at: z.string().optional(),
  turn_index: z.number().int(),
})
type _StatusHolds = Holds<Same<z.input<typeof statusEvent>, StatusPacket>>

const sourceView = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  venue: z.string().nullable(),
  doi: z.string().nullable(),
  url: z.string().nullable(),
  abstract: z.string().nullable(),
  passages: z.array(z.object({ page: z.number().int().nullable(), text: z.string() })).max(30),
})

const jobState = z.enum(['queued', 'running', 'done', 'failed'])
const queuedJob = z.object({ job_id: z.string(), status: jobState, status_url: z.string() })
type _QueuedJobHolds = Holds<Same<z.input<typeof queuedJob>, QueuedJob>>

const count = z.number().int().min(0)
const ingestJobStatus = z.object({
  job_id: z.string(),
  type: z.string(),
  namespace: z.string().nullable(),
  status: jobState,
  counts: z.object({ sources: count, documents: count, chunks: count, skipped: count }),
  progress: z.object({ parts: count, parts_done: count }).optional(),
  errors: z.array(z.string()),
  attempts: count,
  status_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
type _JobStatusHolds = Holds<Same<z.input<typeof ingestJobStatus>, IngestJobStatus>>

const searchResult = z.object({ title: z.string(), url: z.string(), date: z.string().optional() })
const chatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.literal(0),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string(),
        reasoning_content: z.string().optional(),
      }),
      finish_reason: z.literal('stop'),
    }),
  ),
  citations: z
    .array(z.string())
    .optional()
    .describe('citations[i] is what the text cites as [i+1]'),
  search_results: z.array(searchResult).optional(),
  usage: z.object({ prompt_tokens: count, completion_tokens: count, total_tokens: count }),
  related_questions: z.array(z.string()),
  quire: z
    .object({
      mode: z.enum(['online', 'offline', 'degraded']),
      fallbacks: z.array(stageFallback),
      abstained: z.boolean(),
      reason: z.string().optional(),
      search_query: z.string().optional(),
    })
    .describe('How the answer was made (also on the final chunk when streaming)'),
})

const modelList = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      id: z.enum(MODEL_IDS),
      object: z.literal('model'),
      created: z.number().int(),
      owned_by: z.string(),
    }),
  ),
})

const shapes = {
  answerSource,
  answerPayload,
  stoppedRun,
  turnResult,
  fileView,
  sessionDescription,
  statusEvent,
  sourceView,
  queuedJob,
  ingestJobStatus,
  chatCompletion,
  modelList,
}

/** components.schemas entries, named in PascalCase (AnswerPayload, SourceView, ...). */
export function responseSchemas(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(shapes).map(([name, schema]) => [
      name.charAt(0).toUpperCase() + name.slice(1),
      jsonSchema(schema),
    ]),
  )
}
