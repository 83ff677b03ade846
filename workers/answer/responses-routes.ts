// POST /v1/responses and GET /v1/responses/{id}: OpenAI's Responses API over the same answer
// engine as /v1/chat/completions (keys, namespaces, modes, limits). A stored response maps to
// its owner (the API key's hash) and its conversation, which previous_response_id continues.
import { Hono, type Context } from 'hono'
import { NotFoundError, ValidationError } from '../errors'
import { apiKeyOwner, validate, type AppEnv } from '../http'
import { answerQuestion, type AnswerRequest } from './answer'
import { toAnswerDeps } from './answer-deps'
import { isKnownModel, keepAlive, unknownModel } from './openai-common'
import { splitConversation } from './openai-schemas'
import {
  nextConversation,
  readStoredResponse,
  storeResponse,
  type Conversation,
} from './response-store'
import { completedResponse, type CompletedResponse, type ResponseMeta } from './responses-format'
import { responseRequestSchema, toChatMessages, type ResponseRequest } from './responses-schemas'
import { createResponseEvents } from './responses-stream'
import type { AnswerPayload } from './types'
import { meterUsage } from './usage-meter'

const hexId = () => crypto.randomUUID().replaceAll('-', '')

async function earlierConversation(
  c: Context<AppEnv>,
  request: ResponseRequest,
  owner: string,
): Promise<Conversation> {
  const id = request.previous_response_id
  if (!id) return { turns: [], sources: [] }
  const stored = await readStoredResponse(c.get('deps').db, id, owner)
  if (!stored) {
    throw new ValidationError(`previous_response_id: no stored response '${id}'`, {
      details: { field: 'previous_response_id' },
    })
  }
  return stored.conversation
}

function toAnswerRequest(request: ResponseRequest, earlier: Conversation): AnswerRequest {
  const { query, history, instructions } = splitConversation(toChatMessages(request))
  if (!query.success) {
    throw new ValidationError(
      'input: the last user message must hold a question of 1 to 4000 characters',
      {
        details: { field: 'input', issues: query.error.issues },
      },
    )
  }
  const { search_domain_filter, search_recency_filter, search_mode } = request
  const maxTokens = request.max_output_tokens ?? undefined
  return {
    sessionId: `v1-${crypto.randomUUID()}`,
    query: query.data,
    history: [...earlier.turns, ...history],
    options: { search_domain_filter, search_recency_filter, search_mode },
    ...(earlier.sources.length > 0 ? { earlierSources: earlier.sources } : {}),
    ...(instructions ? { instructions } : {}),
    ...(maxTokens ? { maxTokens } : {}),
  }
}

interface Turn {
  meta: ResponseMeta
  question: AnswerRequest
  owner: string
  request: ResponseRequest
}

/** Stores the response (unless store is false) before the client can ask for it back. */
async function finish(
  c: Context<AppEnv>,
  turn: Turn,
  payload: AnswerPayload,
): Promise<CompletedResponse> {
  const response = completedResponse(turn.meta, payload)
  if (turn.request.store === false) return response
  await storeResponse(c.get('deps').db, {
    id: turn.meta.id,
    owner: turn.owner,
    createdAt: c.get('deps').now(),
    response,
    conversation: nextConversation(turn.question.history, payload),
  })
  return response
}

function streamTurn(c: Context<AppEnv>, turn: Turn): Response {
  const deps = c.get('deps')
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  const writer = writable.getWriter()
  const bytes = new TextEncoder()
  const events = createResponseEvents(turn.meta, (text) => {
    writer.write(bytes.encode(text)).catch(() => undefined)
  })
  const answerDeps = {
    ...toAnswerDeps(deps, (body) => events.emit(body)),
    models: turn.meta.meter.models,
  }
  const work = answerQuestion(turn.question, answerDeps, deps.db, c.req.raw.signal)
    .then((payload) => finish(c, turn, payload))
    .then((response) => events.complete(response))
    .catch(() => events.fail('The answer failed'))
    .finally(() => writer.close().catch(() => undefined))
  keepAlive(c, work)
  return c.body(readable, 200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  })
}

export const responsesRoutes = new Hono<AppEnv>()
  .post('/', validate('json', responseRequestSchema), async (c) => {
    const request = c.req.valid('json')
    if (!isKnownModel(request.model)) return unknownModel(c, request.model)
    const deps = c.get('deps')
    const owner = await apiKeyOwner(c)
    const question = toAnswerRequest(request, await earlierConversation(c, request, owner))
    const meta: ResponseMeta = {
      id: `resp_${hexId()}`,
      itemId: `msg_${hexId()}`,
      model: request.model,
      createdAt: Math.floor(deps.now() / 1000),
      request,
      origin: new URL(c.req.url).origin,
      meter: meterUsage(deps.models),
      now: deps.now,
    }
    const turn = { meta, question, owner, request }
    if (request.stream) return streamTurn(c, turn)
    const silent = { ...toAnswerDeps(deps, () => undefined), models: meta.meter.models }
    const payload = await answerQuestion(question, silent, deps.db, c.req.raw.signal)
    return c.json(await finish(c, turn, payload))
  })
  .get('/:id', async (c) => {
    const stored = await readStoredResponse(
      c.get('deps').db,
      c.req.param('id'),
      await apiKeyOwner(c),
    )
    // Someone else's response and an unknown id answer alike.
    if (!stored) throw new NotFoundError('No such response')
    return c.json(stored.response)
  })
