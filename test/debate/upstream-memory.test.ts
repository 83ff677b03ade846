// A keyed debate remembers, per run, an upstream that was unreachable or timed out: later
// turns do not ask it again (each ask waited out three attempts), and the fallback is said
// once. Scripted model, real arXiv/Crossref clients over a failing fetch that counts calls.
import { describe, expect, it } from 'vitest'
import { runDebate, type TranscriptEntry } from '../../workers/debate'
import type { Deps } from '../../workers/deps'
import type { RunOutcome } from '../../workers/session'
import type { FetchLike } from '../../workers/sources'
import { aRun, memoryStore, withSql } from '../turn/helpers'
import { debateDeps, hangingFetch, proposal, review, statuses } from './helpers'

const QUESTION = 'How should continuous integration run regression tests?'
const ROUNDS = 3
const NO_CONSENSUS = Array.from({ length: ROUNDS }, () => [
  proposal(),
  review('NOT_VIABLE', 'FAIL'),
]).flat()

/** Counts requests per upstream; `answer` decides how each one fails. */
function countingFetch(answer: FetchLike) {
  const calls = { arxiv: 0, crossref: 0 }
  const fetchImpl: FetchLike = (url, init) => {
    calls[url.includes('arxiv') ? 'arxiv' : 'crossref'] += 1
    return answer(url, init)
  }
  return { calls, fetchImpl }
}

async function debate(deps: Deps) {
  return withSql(async (sql) => {
    const run = aRun(memoryStore(sql), deps, { message: QUESTION, history: [] })
    const outcome = (await runDebate(run.context as never)) as RunOutcome & {
      transcript: TranscriptEntry[]
      fallbacks: { stage: string; reason: string }[]
    }
    return { outcome, packets: run.packets }
  })
}

const unreachable: FetchLike = async () => {
  throw new TypeError('getaddrinfo ENOTFOUND export.arxiv.org')
}

describe('a debate run with an unreachable upstream', { timeout: 60_000 }, () => {
  it('makes only the first turn’s attempts, and later turns make none', async () => {
    const { calls, fetchImpl } = countingFetch(unreachable)
    const { deps } = debateDeps({ steps: NO_CONSENSUS, fetchImpl, maxTurns: ROUNDS })
    const { outcome, packets } = await debate(deps)
    expect(outcome.transcript).toHaveLength(ROUNDS * 2)
    // Three attempts each (polite-http's retries), all in scientist 1's first turn.
    expect(calls).toEqual({ arxiv: 3, crossref: 3 })
    const said = statuses(packets).filter((s) => /unreachable/.test(s))
    expect(said).toEqual([
      expect.stringMatching(
        /^Research Scientist 1: arXiv \(.+\), Crossref \(.+\) unreachable — debating over the existing knowledge base, and not asked again in this debate$/,
      ),
    ])
    expect(outcome.fallbacks).toEqual([
      { stage: 'arxiv', reason: 'unreachable' },
      { stage: 'crossref', reason: 'unreachable' },
    ])
  })

  it('does not wait again on an upstream that timed out in an earlier turn', async () => {
    const { calls, fetchImpl } = countingFetch((url, init) =>
      url.includes('arxiv') ? hangingFetch(url, init) : unreachable(url, init),
    )
    const { deps } = debateDeps({
      steps: NO_CONSENSUS,
      fetchImpl,
      maxTurns: ROUNDS,
      ingestTimeoutMs: 50,
    })
    const { outcome } = await debate(deps)
    expect(outcome.transcript).toHaveLength(ROUNDS * 2)
    expect(calls.arxiv).toBe(1)
    expect(calls.crossref).toBe(3)
  })

  it('keeps asking an upstream that answers', async () => {
    const { calls, fetchImpl } = countingFetch(async (url, init) => {
      if (url.includes('arxiv')) return unreachable(url, init)
      return new Response(JSON.stringify({ message: { items: [] } }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const { deps } = debateDeps({ steps: NO_CONSENSUS, fetchImpl, maxTurns: ROUNDS })
    await debate(deps)
    expect(calls).toEqual({ arxiv: 3, crossref: ROUNDS * 2 })
  })
})
