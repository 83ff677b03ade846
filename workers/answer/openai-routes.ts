// OpenAI-compatible API (/v1): chat completions answered through the answer pipeline, with
// Perplexity Sonar's `citations` and `search_results`, streamed or whole; API-key auth.
import { Hono, type Context } from 'hono'
import { ValidationError } from '../errors'
import { requireApiKey, validate, type AppEnv } from '../http'
import {
  buildChatCompletion,
  CONTENT_TYPES,
  encodePacketStream,
  newCompletionMeta,
  type CompletionMeta,
  type Packet,
  type PacketBody,
} from '../stream'
import { answerQuestion } from './answer'
import { toAnswerDeps } from './answer-deps'
import {
  chatCompletionRequestSchema,
  splitConversation,
  type ChatCompletionRequest,
} from './openai-schemas'
import { toSourceRefs } from './source-refs'
import type { AnswerPayload } from './types'

export const MODEL_IDS = ['quire-answer', 'sonar'] as const

function usageOf(request: ChatCompletionRequest, answer: string) {
  const chars = request.messages.reduce((n, m) => n + JSON.stringify(m.content ?? '').length, 0)
  const prompt_tokens = Math.ceil(chars / 4)
  const completion_tokens = Math.ceil(answer.length / 4)
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens }
}

function parseQuestion(request: ChatCompletionRequest) {
  const { query, history } = splitConversation(request.messages)
  if (!query.success) {
    throw new ValidationError(
      'The last user message must hold a question of 1 to 4000 characters',
      {
        details: { issues: query.error.issues },
      },
    )
  }
  const options = {
    search_domain_filter: request.search_domain_filter,
    search_recency_filter: request.search_recency_filter,
    search_mode: request.search_mode,
  }
  return { sessionId: `v1-${crypto.randomUUID()}`, query: query.data, history, options }
}

function wholeCompletion(
  payload: AnswerPayload,
  meta: CompletionMeta,
  request: ChatCompletionRequest,
) {
  // Built from the final payload (not the live tokens), so a mid-answer fallback cannot show.
  const packets: Packet[] = [
    { type: 'token', text: payload.answer, turn_index: 0 },
    { type: 'sources', sources: toSourceRefs(payload.sources), turn_index: 0 },
  ]
  const completion = buildChatCompletion(packets, meta)
  return {
    ...completion,
    usage: usageOf(request, payload.answer),
    related_questions: payload.related_questions,
  }
}

/** The stream keeps the request alive while read; waitUntil also covers a client that left. */
function keepAlive(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // app.request() in tests has no ExecutionContext
  }
}

function streamCompletion(
  c: Context<AppEnv>,
  request: ChatCompletionRequest,
  meta: CompletionMeta,
): Response {
  const question = parseQuestion(request)
  const deps = c.get('deps')
  const { readable, writable } = new TransformStream<Packet, Packet>()
  const writer = writable.getWriter()
  const emit = (body: PacketBody) =>
    void writer.write({ ...body, turn_index: 0 } as Packet).catch(() => undefined)
  const signal = c.req.raw.signal
  const work = answerQuestion(question, toAnswerDeps(deps, emit), deps.db, signal)
    .then((payload) =>
      emit({ type: 'done', result: { related_questions: payload.related_questions } }),
    )
    .catch(() => {
      emit({ type: 'error', code: 'internal', message: 'The answer failed' })
      emit({ type: 'done', result: null })
    })
    .finally(() => writer.close().catch(() => undefined))
  keepAlive(c, work)
  const body = readable.pipeThrough(encodePacketStream({ kind: 'openai', meta }))
  return new Response(body, {
    headers: { 'content-type': CONTENT_TYPES.openai, 'cache-control': 'no-cache' },
  })
}

export const openAiRoutes = new Hono<AppEnv>()
  .use('*', requireApiKey())
  .get('/models', (c) =>
    c.json({
      object: 'list',
      data: MODEL_IDS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'quire' })),
    }),
  )
  .post('/chat/completions', validate('json', chatCompletionRequestSchema), async (c) => {
    const request = c.req.valid('json')
    const meta = newCompletionMeta(request.model, c.get('deps').now())
    if (request.stream) return streamCompletion(c, request, meta)
    const deps = c.get('deps')
    const question = parseQuestion(request)
    const payload = await answerQuestion(
      question,
      toAnswerDeps(deps, () => undefined),
      deps.db,
      c.req.raw.signal,
    )
    return c.json(wholeCompletion(payload, meta, request))
  })
