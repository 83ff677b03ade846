// A misnamed or misplaced field in an ingest body is named as the unknown field it is (with the
// required fields missing beside it), on every route that takes the body, not reported as some
// other field's problem (`{"sources": [...]}` once said "jobs.0.type").
import { describe, expect, it } from 'vitest'
import { postIngest, postWebhook, signWebhook } from './helpers'

type Route = (body: unknown) => Response | Promise<Response>
const ROUTES: [string, Route][] = [
  ['POST /api/ingest', (body) => postIngest(body)],
  [
    'POST /api/ingest/webhook',
    (body) => {
      const raw = JSON.stringify(body)
      return postWebhook(raw, signWebhook(raw))
    },
  ],
]

const job = { type: 'arxiv_query', query: 'heat-bath random walks' }
const CASES: [string, unknown, string[], RegExp[]][] = [
  [
    'a list under another name',
    { sources: [job] },
    ['sources: unknown field (expected jobs)'],
    [/jobs\.0\.type/],
  ],
  ['a singular key', { job: [job] }, ['job: unknown field (expected jobs)'], [/type/]],
  [
    'a stray key beside jobs',
    { jobs: [job], priority: 'high' },
    ['priority: unknown field'],
    [/expected/],
  ],
  ['a stray key in a single job', { ...job, max: 5 }, ['jobs.0.max: unknown field'], [/type/]],
  [
    'a misnamed field of a job',
    { type: 'url', link: 'https://example.org/a' },
    ['jobs.0.link: unknown field (expected url)'],
    [],
  ],
  [
    'a misnamed field in a batch',
    { jobs: [{ type: 'arxiv_query', q: 'x' }] },
    ['jobs.0.q: unknown field (expected query)'],
    [],
  ],
]

describe.each(ROUTES)('%s', (_name, send) => {
  it.each(CASES)('names %s', async (_label, body, named, notSaid) => {
    const res = await send(body)
    expect(res.status).toBe(400)
    const { error } = (await res.json()) as { error: { code: string; message: string } }
    expect(error.code).toBe('validation_failed')
    for (const part of named) expect(error.message).toContain(part)
    for (const wrong of notSaid) expect(error.message).not.toMatch(wrong)
  })
})
