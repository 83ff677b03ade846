// /openapi.json payload schemas of the answer engine and /v1, each checked at compile time
// against the type the capability returns: a field added, dropped or retyped breaks the build.
import { z } from 'zod'
import { openApi, type Json } from '../http'
import { chatUrlAnnotationSchema } from '../stream'
import { claimMapSchema } from './openapi-claims'
import { MODEL_IDS } from './openai-common'
import type { AnswerPayload, AnswerSource } from './types'

// Compile-time drift guard: `Same` is true only when both types accept the same values.
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
  stage: z
    .string()
    .describe(
      'e.g. plan, search.academic, retrieval.vector, relevance, synthesize, related_questions',
    ),
  reason: z
    .string()
    .describe('e.g. model unreachable, timeout, quota, failed; searched without it'),
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
    .describe('Each stage that fell back or recovered from a failure, and why'),
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
  claim_check: claimMapSchema
    .optional()
    .describe(
      'For a question framed as a claim: the evidence map over the sources the answer read',
    ),
  token: z.string().optional().describe('The new session token, only when this ask created it'),
})
type _AnswerSourceHolds = Holds<Same<z.input<typeof answerSource>, AnswerSource>>
type _AnswerPayloadHolds = Holds<Same<z.input<typeof answerPayload>, AnswerPayload>>

/** A run stopped by POST /api/sessions/{id}/stop keeps only what it had written. */
const stoppedRun = z.object({
  stopped: z.boolean().describe('False when the stop came after the last word: nothing was cut'),
  sources: z.array(answerSource).optional().describe('The sources the kept text cites, as [n]'),
  session_id: z.string().optional(),
  question: z.string().optional(),
  answer: z.string().optional().describe('What the answer had written before the stop'),
  text: z.string().optional().describe('Set instead when the run did not unwind in time'),
  token: z.string().optional(),
})

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

const count = z.number().int().min(0)
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
        annotations: z
          .array(chatUrlAnnotationSchema)
          .optional()
          .describe(
            "OpenAI's url_citation per [n] marker: start_index/end_index (UTF-16 code units) span the marker; also on a stream's last delta",
          ),
      }),
      finish_reason: z.literal('stop'),
    }),
  ),
  citations: z
    .array(z.string())
    .optional()
    .describe('citations[i] is what the text cites as [i+1]'),
  search_results: z.array(searchResult).optional(),
  usage: z
    .object({ prompt_tokens: count, completion_tokens: count, total_tokens: count })
    .describe("The sum of the upstream model calls' usage (see quire.usage)"),
  related_questions: z.array(z.string()),
  quire: z
    .object({
      mode: z.enum(['online', 'offline', 'degraded']),
      fallbacks: z.array(stageFallback),
      abstained: z.boolean(),
      reason: z.string().optional(),
      search_query: z.string().optional(),
      usage: z
        .object({ calls: count, counted: count })
        .describe(
          'Upstream model calls that answered, and how many of them the tokenizer counted because the provider reported no usage',
        ),
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

/** components.schemas entries of this capability. */
export function answerSchemas(): Record<string, Json> {
  return {
    AnswerSource: openApi.jsonSchema(answerSource),
    AnswerPayload: openApi.jsonSchema(answerPayload),
    StoppedRun: openApi.jsonSchema(stoppedRun),
    SourceView: openApi.jsonSchema(sourceView),
    ChatCompletion: openApi.jsonSchema(chatCompletion),
    ModelList: openApi.jsonSchema(modelList),
  }
}
