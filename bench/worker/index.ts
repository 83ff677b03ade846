// The retrieval benchmark's Worker: Quire's composition root (makeDeps) over the default
// configuration (wrangler.toml's [vars]) and a local D1, run inside workerd by bench/workerd.ts.
// It times nothing itself (a Worker's clock stands still while it computes); the bench times
// each request from outside. Routes: POST /migrate (SQL files), POST /ingest (IndexRequests ->
// indexMany as the ingest queue consumer runs it, the term postings left for later), POST
// /query ({query, options} -> deps.retriever.retrieve, what every capability calls; with
// `tuning`, the same retriever built with that override), then what the queue's upkeep rounds
// run after a job: POST /merge (one step of the full-text index merge) and POST /postings (one
// call's worth of the term postings' catch-up), GET /count.
import { mergeFtsStep } from '../../workers/db'
import { makeDeps } from '../../workers/deps'
import {
  buildTermPostings,
  createRetriever,
  indexMany,
  POSTINGS_PER_CALL,
  type IndexRequest,
  type RetrieveOptions,
} from '../../workers/retrieval'
import type { RetrievalTuning } from '../../workers/retrieval/search/state'

interface QueryBody {
  query: string
  options?: RetrieveOptions
  /** A tuning override for a comparison row; absent: the shipped retriever itself. */
  tuning?: Partial<RetrievalTuning>
}

async function migrate(db: D1Database, files: string[][]): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS _bench_migrations (name TEXT PRIMARY KEY)')
  for (const [name, ...statements] of files) {
    const done = await db
      .prepare('SELECT 1 FROM _bench_migrations WHERE name = ?')
      .bind(name)
      .first()
    if (done) continue
    await db.batch([
      ...statements.map((s) => db.prepare(s)),
      db.prepare('INSERT INTO _bench_migrations (name) VALUES (?)').bind(name),
    ])
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const deps = makeDeps(env)
    const { pathname } = new URL(request.url)
    if (request.method === 'POST' && pathname === '/migrate') {
      await migrate(env.DB, await request.json<string[][]>())
      return Response.json({ ok: true })
    }
    if (request.method === 'POST' && pathname === '/ingest') {
      const requests = await request.json<IndexRequest[]>()
      return Response.json(await indexMany(deps, requests, undefined, { postings: 'later' }))
    }
    if (request.method === 'POST' && pathname === '/query') {
      const body = await request.json<QueryBody>()
      const retriever = body.tuning
        ? createRetriever({ ...deps, tuning: body.tuning })
        : deps.retriever
      const result = await retriever.retrieve(body.query, body.options)
      return Response.json({ chunks: result.chunks.length, fallbacks: result.fallbacks ?? [] })
    }
    if (request.method === 'POST' && pathname === '/merge') {
      return Response.json({ worked: await mergeFtsStep(env.DB) })
    }
    if (request.method === 'POST' && pathname === '/postings') {
      const build = await buildTermPostings(env.DB, POSTINGS_PER_CALL)
      return Response.json({ worked: !build.caughtUp, chunks: build.chunks })
    }
    if (pathname === '/count') {
      const row = await env.DB.prepare('SELECT count(*) AS n FROM chunks').first<{ n: number }>()
      return Response.json({ chunks: row?.n ?? 0 })
    }
    return new Response('not found', { status: 404 })
  },
} satisfies ExportedHandler<Env>
