// /v1/responses on the wire: an abstention is a normal response with no annotation, and a
// failure mid-stream ends in response.failed with an OpenAI-shaped error.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { aResult } from './builders'
import { completionRequest } from './v1-helpers'

const offTopic = [
  aResult(1, {
    title: 'Cancer statistics, 2018',
    domain: 'wiley.com',
    snippet: 'Each year the American Cancer Society estimates new cancer cases and deaths.',
  }),
]

/** The SSE events of a Responses stream, parsed, with their `event:` names. */
async function readEvents(
  res: Response,
): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const blocks = (await res.text()).split('\n\n').filter((b) => b.trim())
  return blocks.map((block) => {
    const event = /^event: (.+)$/m.exec(block)?.[1] ?? ''
    const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>
    return { event, data }
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('POST /v1/responses', () => {
  it('answers an abstention as a completed message saying so, with no annotation', async () => {
    vi.spyOn(makeDeps(env).webSearch, 'search').mockResolvedValue(offTopic)
    const res = await app.request(
      '/v1/responses',
      completionRequest({ model: 'sonar', input: 'Who won the 2018 World Cup?' }),
      env,
    )
    expect(res.status).toBe(200)
    const body = await res.json<{
      status: string
      output: { content: { text: string; annotations: unknown[] }[] }[]
      quire: { abstained: boolean }
    }>()
    expect(body.status).toBe('completed')
    expect(body.quire.abstained).toBe(true)
    expect(body.output[0]?.content[0]?.text).toMatch(/do not cover this question/)
    expect(body.output[0]?.content[0]?.annotations).toEqual([])
  })

  it('ends a stream whose answer fails with response.failed and an OpenAI-shaped error', async () => {
    const deps = makeDeps(env)
    vi.spyOn(deps.webSearch, 'search').mockResolvedValue(offTopic)
    const prepare = env.DB.prepare.bind(env.DB)
    // The store write fails after the answer: the response cannot complete.
    vi.spyOn(env.DB, 'prepare').mockImplementation((sql: string) => {
      if (/insert into .api_responses/i.test(sql)) throw new Error('D1 is down')
      return prepare(sql)
    })
    const res = await app.request(
      '/v1/responses',
      completionRequest({ model: 'sonar', input: 'Who won the 2018 World Cup?', stream: true }),
      env,
    )
    const events = await readEvents(res)
    expect(events.at(-1)?.event).toBe('response.failed')
    expect(events.some((e) => e.event === 'response.completed')).toBe(false)
    expect(events.map((e) => e.data.sequence_number)).toEqual(events.map((_, i) => i))
    expect(events.at(-1)?.data).toMatchObject({
      type: 'response.failed',
      response: { status: 'failed', error: { code: 'server_error', message: expect.any(String) } },
    })
  })

  it('rejects a bad field with the error envelope naming it', async () => {
    const res = await app.request(
      '/v1/responses',
      completionRequest({ model: 'sonar', input: 'Hi', max_output_tokens: -3 }),
      env,
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('max_output_tokens')
  })
})
