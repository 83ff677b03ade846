// The retrieval benchmark's Worker: Quire's composition root (makeDeps) over the default
// configuration (wrangler.toml's [vars]) and a local D1, run inside workerd by bench/workerd.ts.
// It times nothing itself (a Worker's clock stands still while it computes); the bench times
// each request from outside. Routes: POST /migrate (SQL files), POST /ingest (IndexRequests ->
// indexMany, what the ingest queue consumer runs), POST /query ({query, options} ->
// deps.retriever.retrieve, what every capability calls; with `tuning`, the same retriever
// built with that override), POST /merge (one step of the full-text index merge the ingest
// queue runs after a bulk job), GET /count.
import { mergeFtsStep } from '../../workers/db'
import { makeDeps } from '../../workers/deps'
import {
  createRetriever,
  indexMany,
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
      return Response.json(await indexMany(deps, await request.json<IndexRequest[]>()))
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
    if (pathname === '/count') {
      const row = await env.DB.prepare('SELECT count(*) AS n FROM chunks').first<{ n: number }>()
      return Response.json({ chunks: row?.n ?? 0 })
    }
    return new Response('not found', { status: 404 })
  },
} satisfies ExportedHandler<Env>
