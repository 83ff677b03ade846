// OpenAI-compatible API (/v1): chat completions answered through the answer pipeline, with
// Perplexity Sonar's `citations` and `search_results`, streamed or whole; API-key auth.
// Stateless: the request's own messages are the history. /v1/responses is mounted here too.
import { Hono, type Context } from 'hono'
import { ValidationError } from '../errors'
import { relayPackets, requireApiKey, validate, type AppEnv } from '../http'
import { atBlock, newCompletionMeta, type Packet, type PacketBody } from '../stream'
import { ANSWER_BLOCK, answerQuestion, type AnswerRequest } from './answer'
import { toAnswerDeps } from './answer-deps'
import { isKnownModel, keepAlive, MODEL_IDS, unknownModel } from './openai-common'
import { meterUsage } from './usage-meter'
import { responsesRoutes } from './responses-routes'
import {
  streamResult,
  wholeCompletion,
  withAbsoluteUrls,
  type CompletionContext,
} from './openai-format'
import {
  chatCompletionRequestSchema,
  splitConversation,
  type ChatCompletionRequest,
} from './openai-schemas'

function toAnswerRequest(request: ChatCompletionRequest): AnswerRequest {
  const { query, history, instructions } = splitConversation(request.messages)
  if (!query.success) {
    throw new ValidationError(
      'messages: the last user message must hold a question of 1 to 4000 characters',
      { details: { issues: query.error.issues } },
    )
  }
  const { search_domain_filter, search_recency_filter, search_mode } = request
  const options = { search_domain_filter, search_recency_filter, search_mode }
  const maxTokens = request.max_completion_tokens ?? request.max_tokens
  return {
    sessionId: `v1-${crypto.randomUUID()}`,
    query: query.data,
    history,
    options,
    ...(instructions ? { instructions } : {}),
    ...(maxTokens ? { maxTokens } : {}),
  }
}

function streamCompletion(c: Context<AppEnv>, question: AnswerRequest, context: CompletionContext) {
  const deps = c.get('deps')
  const { readable, writable } = new TransformStream<Packet, Packet>()
  const writer = writable.getWriter()
  // The answer as the client holds it after any replace: the annotations' indices are over it.
  let streamedAnswer = ''
  const emit = (body: PacketBody) => {
    if (body.type === 'token') streamedAnswer += body.text
    if (body.type === 'replace') streamedAnswer = ''
    const packet = atBlock(withAbsoluteUrls(body, context.origin), ANSWER_BLOCK)
    writer.write(packet).catch(() => undefined)
  }
  const answerDeps = { ...toAnswerDeps(deps, emit), models: context.meter.models }
  const work = answerQuestion(question, answerDeps, deps.db, c.req.raw.signal)
    .then((payload) => {
      const result = streamResult(payload, { ...context, streamedAnswer })
      emit({ type: 'done', result })
    })
    .catch(() => {
      emit({ type: 'error', code: 'internal', message: 'The answer failed' })
      emit({ type: 'done', result: null })
    })
    .finally(() => writer.close().catch(() => undefined))
  keepAlive(c, work)
  return relayPackets(c, readable, { format: 'openai-stream', completion: context.meta })
}

export const openAiRoutes = new Hono<AppEnv>()
  .use('*', requireApiKey())
  .get('/models', (c) =>
    c.json({
      object: 'list',
      data: MODEL_IDS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'quire' })),
    }),
  )
  .route('/responses', responsesRoutes)
  .post('/chat/completions', validate('json', chatCompletionRequestSchema), async (c) => {
    const request = c.req.valid('json')
    if (!isKnownModel(request.model)) return unknownModel(c, request.model)
    const deps = c.get('deps')
    const question = toAnswerRequest(request)
    const meta = newCompletionMeta(request.model, deps.now())
    const meter = meterUsage(deps.models)
    const context = { meta, request, origin: new URL(c.req.url).origin, meter }
    if (request.stream) return streamCompletion(c, question, context)
    const silent = { ...toAnswerDeps(deps, () => undefined), models: meter.models }
    const payload = await answerQuestion(question, silent, deps.db, c.req.raw.signal)
    return c.json(wholeCompletion(payload, context))
  })
