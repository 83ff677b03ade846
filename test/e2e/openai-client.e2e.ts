// The official `openai` npm client against `wrangler dev` in the offline configuration (run by
// run.mjs in its offline phase, library ready): `responses.create` plain and with
// `stream: true`, `responses.stream` and `responses.retrieve`, each read through the client's
// own types. No browser: the SDK is the client under test.
import assert from 'node:assert/strict'
import OpenAI from 'openai'
import type {
  Response as ModelResponse,
  ResponseOutputText,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const client = new OpenAI({
  baseURL: `${base}/v1`,
  apiKey: process.env.QUIRE_API_KEY ?? 'e2e-api-key',
  // The SDK retries 5xx and timeouts by itself; a retry would hide a failure under test.
  maxRetries: 0,
  timeout: 120_000,
})
const QUESTION = 'How does vitamin D affect calcium absorption?'
const MODEL = 'quire-answer'

/** The one output_text part of the one message item, as the SDK types it. */
function outputText(response: ModelResponse): ResponseOutputText {
  assert.equal(response.output.length, 1, 'one output item')
  const [item] = response.output
  assert.equal(item?.type, 'message', 'the output item is a message')
  if (item?.type !== 'message') throw new Error('unreachable')
  const part = item.content[0]
  assert.equal(part?.type, 'output_text', 'its content is output_text')
  if (part?.type !== 'output_text') throw new Error('unreachable')
  return part
}

/**
 * Every annotation is an url_citation whose span is an [n] marker in the text. `output_text` is
 * the SDK's own sum of the parts: on create and finalResponse, not on a raw stream's events.
 */
function assertCitations(response: ModelResponse, what: string, sdkBuilt = true): number {
  const part = outputText(response)
  if (sdkBuilt) assert.equal(response.output_text, part.text, `${what}: output_text is the text`)
  assert.ok(part.text.length > 0, `${what}: the answer has text`)
  for (const annotation of part.annotations) {
    assert.equal(annotation.type, 'url_citation', `${what}: an url_citation`)
    if (annotation.type !== 'url_citation') continue
    const span = part.text.slice(annotation.start_index, annotation.end_index)
    assert.match(span, /^\[\d+\]$/, `${what}: the span is a marker`)
    assert.ok(URL.canParse(annotation.url), `${what}: an absolute url (${annotation.url})`)
    assert.ok(annotation.title.length > 0, `${what}: a title`)
  }
  return part.annotations.length
}

async function plainCreate(): Promise<ModelResponse> {
  const response = await client.responses.create({ model: MODEL, input: QUESTION })
  assert.equal(response.object, 'response')
  assert.equal(response.status, 'completed')
  assert.ok(assertCitations(response, 'create') > 0, 'the offline answer cites its sources')
  assert.ok((response.usage?.total_tokens ?? -1) >= 0, 'usage is reported')
  const stored = await client.responses.retrieve(response.id)
  assert.equal(stored.output_text, response.output_text, 'retrieve returns the stored response')
  return response
}

/** The event order the Responses API documents, each event once unless noted. */
const OPENING = [
  'response.created',
  'response.in_progress',
  'response.output_item.added',
  'response.content_part.added',
]
const CLOSING = [
  'response.output_text.done',
  'response.content_part.done',
  'response.output_item.done',
  'response.completed',
]

function assertEventOrder(events: ResponseStreamEvent[]): void {
  const types = events.map((event) => event.type)
  assert.deepEqual(types.slice(0, OPENING.length), OPENING, 'the opening events')
  assert.deepEqual(types.slice(-CLOSING.length), CLOSING, 'the closing events')
  const middle = new Set(types.slice(OPENING.length, -CLOSING.length))
  const allowed = new Set(['response.output_text.delta', 'response.output_text.annotation.added'])
  assert.ok(
    [...middle].every((type) => allowed.has(type)),
    `only deltas and annotations between`,
  )
  const numbers = events.map((event) => event.sequence_number)
  assert.ok(
    numbers.every((n, i) => i === 0 || n > (numbers[i - 1] ?? 0)),
    'sequence_number rises',
  )
}

async function streamedCreate(): Promise<void> {
  const stream = await client.responses.create({ model: MODEL, input: QUESTION, stream: true })
  const events: ResponseStreamEvent[] = []
  for await (const event of stream) events.push(event)
  assertEventOrder(events)
  const completed = events.at(-1)
  assert.equal(completed?.type, 'response.completed')
  if (completed?.type !== 'response.completed') return
  const deltas = events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : []))
  assert.equal(deltas.join(''), outputText(completed.response).text, 'the deltas add up')
  const added = events.filter((e) => e.type === 'response.output_text.annotation.added')
  assert.equal(
    added.length,
    assertCitations(completed.response, 'stream', false),
    'one event a citation',
  )
}

async function helperStream(): Promise<void> {
  let text = ''
  const stream = client.responses
    .stream({ model: MODEL, input: QUESTION })
    .on('response.output_text.delta', (event) => {
      text += event.delta
    })
  const final = await stream.finalResponse()
  assert.equal(final.status, 'completed')
  assert.equal(final.output_text, text, 'responses.stream: the deltas add up to output_text')
  assert.ok(assertCitations(final, 'responses.stream') > 0, 'responses.stream: cited')
}

async function main(): Promise<void> {
  const first = await plainCreate()
  console.log(`[openai-client] create: ${first.output_text.length} chars, ${first.id}`)
  await streamedCreate()
  console.log('[openai-client] create({ stream: true }): the documented events')
  await helperStream()
  console.log('[openai-client] responses.stream: finalResponse matches its deltas')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
