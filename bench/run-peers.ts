// npm run bench:peers [-- --data <BEIR folder> --split train --limit n --peers a,b --budget-s 600]
// Quire's default retrieval beside minisearch, Orama, wink-bm25-text-search and LangChain.js
// (BM25 and an ensemble with in-memory vectors), each with its defaults, on the same machine in
// the same run: nDCG@10, Recall@100 and sequential per-query latency (p50/p95). Each peer's
// queries are bounded by --budget-s; a peer that runs out is scored on the queries it finished.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readBeir } from '../eval/beir'
import { meanMetrics } from '../eval/metrics'
import { table } from '../eval/report'
import * as peers from './peers'

const { values } = parseArgs({
  options: {
    data: {
      type: 'string',
      default: path.resolve(import.meta.dirname, '../../shared/data/scifact'),
    },
    split: { type: 'string', default: 'train' },
    limit: { type: 'string' },
    peers: { type: 'string' },
    'budget-s': { type: 'string', default: '600' },
    json: { type: 'boolean', default: false },
  },
})

const DEPTH = 100
const log = (m: string) => process.stderr.write(`${m}\n`)

const FACTORIES: Record<string, () => peers.Peer> = {
  quire: () => peers.quirePeer(log),
  minisearch: peers.miniSearchPeer,
  orama: peers.oramaPeer,
  wink: peers.winkPeer,
  'langchain-bm25': () => peers.langchainBm25Peer(DEPTH),
  'langchain-ensemble': () => peers.langchainEnsemblePeer(DEPTH),
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0

interface PeerResult {
  peer: string
  queries: number
  'ndcg@10': number
  'recall@100': number
  buildSeconds: number
  p50Ms: number
  p95Ms: number
}

async function runPeer(
  peer: peers.Peer,
  docs: peers.PeerDoc[],
  queries: [string, string][],
  judged: ReturnType<typeof readBeir>['qrels'],
): Promise<PeerResult> {
  const started = performance.now()
  await peer.build(docs)
  const buildSeconds = (performance.now() - started) / 1000
  const deadline = performance.now() + Number(values['budget-s']) * 1000
  const runs: { ranked: string[]; judged: Map<string, number> }[] = []
  const times: number[] = []
  try {
    for (const [id, text] of queries) {
      if (performance.now() > deadline) break
      const t0 = performance.now()
      const ranked = await peer.search(text, DEPTH)
      times.push(performance.now() - t0)
      runs.push({ ranked, judged: judged.get(id) ?? new Map() })
    }
  } finally {
    await peer.close?.()
  }
  const m = meanMetrics(runs)
  const sorted = [...times].sort((a, b) => a - b)
  return {
    peer: peer.name,
    queries: runs.length,
    'ndcg@10': m['ndcg@10'],
    'recall@100': m['recall@100'],
    buildSeconds: Number(buildSeconds.toFixed(1)),
    p50Ms: Number(percentile(sorted, 0.5).toFixed(2)),
    p95Ms: Number(percentile(sorted, 0.95).toFixed(2)),
  }
}

async function main(): Promise<void> {
  const names = values.peers ? values.peers.split(',') : Object.keys(FACTORIES)
  const unknown = names.filter((n) => !FACTORIES[n])
  if (unknown.length) throw new Error(`unknown peers: ${unknown.join(', ')}`)
  const data = readBeir(values.data, values.split)
  const docs = data.corpus.map((r) => ({ id: r._id, title: r.title, text: r.text }))
  const queries = [...data.qrels.keys()]
    .slice(0, values.limit ? Number(values.limit) : undefined)
    .map((id): [string, string] => [id, data.queries.get(id) ?? ''])
  log(`corpus ${docs.length} docs, ${queries.length} judged queries (${values.split})`)
  const results: PeerResult[] = []
  for (const name of names) {
    const factory = FACTORIES[name]
    if (!factory) continue
    const result = await runPeer(factory(), docs, queries, data.qrels)
    log(JSON.stringify(result))
    results.push(result)
  }
  if (values.json) return void process.stdout.write(`${JSON.stringify(results)}\n`)
  const header = ['system', 'queries', 'nDCG@10', 'Recall@100', 'build s', 'p50 ms', 'p95 ms']
  const rows = results.map((r) => [
    r.peer,
    r.queries,
    r['ndcg@10'].toFixed(4),
    r['recall@100'].toFixed(4),
    r.buildSeconds,
    r.p50Ms,
    r.p95Ms,
  ])
  process.stdout.write(`${table(header, rows)}\n`)
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exit(1)
})
