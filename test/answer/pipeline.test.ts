// The seed's testing plan (§11) at the pipeline level, offline: no model, scripted search.
import { describe, expect, it } from 'vitest'
import { runPipeline, STEPS } from '../../workers/answer/pipeline'
import { ProviderError } from '../../workers/errors'
import type { PacketBody } from '../../workers/stream'
import { aResult, aState } from './builders'
import { failingSearch, fakeDeps, fixedSearch, hangingSearch, pageFetch } from './fake-deps'

const never = new AbortController().signal
const results = [
  aResult(1, {
    title: 'Vitamin D and fracture prevention',
    domain: 'nih.gov',
    url: 'https://www.nih.gov/vitamin-d',
    snippet:
      'Vitamin D supplements alone did not reduce fractures in community-dwelling adults. Doses varied widely.',
  }),
  aResult(2, {
    title: 'Calcium and bone health',
    domain: 'nejm.org',
    url: 'https://www.nejm.org/calcium',
    snippet:
      'Combined calcium and vitamin D reduced hip fractures in institutionalised older people.',
  }),
]

type Status = Extract<PacketBody, { type: 'status' }>
const statuses = (packets: PacketBody[]) => packets.filter((p): p is Status => p.type === 'status')

describe('answer pipeline, offline', () => {
  it('answers with sources and at least one citation', async () => {
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.answer).toMatch(/fractures/)
    expect(state.payload?.answer).toMatch(/\[1\]/)
    expect(state.payload?.sources.length).toBeGreaterThan(0)
    expect(state.payload?.sources[0]).toMatchObject({ number: 1, cited: true })
    expect(state.payload).toMatchObject({
      mode: 'offline',
      cached: false,
      question: aState().query,
    })
    expect(state.payload?.related_questions.length).toBeGreaterThan(0)
    expect(state.payload?.related_questions.length).toBeLessThanOrEqual(3)
  })

  it('says first when no passage holds the two subjects of the question together', async () => {
    const apart = [
      aResult(1, {
        title: 'Statin therapy',
        snippet: 'Statins reduced coronary events by a third.',
      }),
      aResult(2, { title: 'Dementia risk', snippet: 'Hearing loss raised the risk of dementia.' }),
    ]
    const frequency: Record<string, number> = {
      statin: 40,
      dementia: 30,
      reduc: 700,
      risk: 900,
      older: 800,
      adult: 900,
    }
    const deps = fakeDeps({
      webSearch: fixedSearch(apart),
      termStats: async () => ({ documents: 5000, documentFrequency: (t) => frequency[t] ?? 5 }),
    })
    // A longer question: its subjects should meet in one passage, and they do not.
    const query = 'Do statins reduce the risk of dementia in older adults?'
    const state = await runPipeline(aState({ query }), deps, never)
    expect(state.payload?.abstained).toBe(false)
    expect(state.payload?.answer).toMatch(
      /^No passage found speaks of “statins” and “dementia” together/,
    )
    expect(state.payload?.answer).toMatch(/\[1\]/)
    const streamed = deps.packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    expect(streamed.trim()).toBe(state.payload?.answer)
    // A short one names the two subjects' meeting: met in no sentence, it is not answered.
    const short = await runPipeline(
      aState({ query: 'Do statins reduce the risk of dementia?' }),
      deps,
      never,
    )
    expect(short.payload).toMatchObject({ abstained: true, sources: [] })
    expect(short.payload?.reason).toBe(
      'no source found speaks of “statins” and “dementia” together',
    )
  })

  it('reports every step as an ordered start/end pair ending with "Answer ready."', async () => {
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    await runPipeline(aState(), deps, never)
    const events = statuses(deps.packets).map((s) => `${s.step}.${s.phase}`)
    // Offline, nothing is planned (no model) and corpus-free web results need image fetches.
    const shown = STEPS.map((step) => step.name).filter((name) => name !== 'plan')
    expect(events).toEqual(shown.flatMap((name) => [`${name}.start`, `${name}.end`]))
    expect(statuses(deps.packets).at(0)?.message).toBe(
      'Searching for: Does vitamin D reduce fractures?…',
    )
    expect(statuses(deps.packets).at(-1)?.message).toBe('Answer ready.')
  })

  it('streams the same answer text it returns', async () => {
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    const state = await runPipeline(aState(), deps, never)
    const streamed = deps.packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    expect(streamed.trim()).toBe(state.payload?.answer)
    const citations = deps.packets.filter((p) => p.type === 'citation')
    expect(citations.length).toBe(state.cited.length)
  })

  it('answers gracefully, without sources, when search fails', async () => {
    const deps = fakeDeps({
      webSearch: failingSearch(new ProviderError('brave', 'Brave returned 500')),
    })
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.answer).toMatch(/Search failed \(Brave returned 500\)/)
    expect(state.payload?.sources).toEqual([])
    expect(state.payload?.search_error).toBe('Brave returned 500')
    const search = statuses(deps.packets).filter((s) => s.step === 'search')
    expect(search.map((s) => s.phase)).toEqual(['start', 'error'])
    expect(statuses(deps.packets).at(-1)?.message).toBe('No answer: search failed.')
    expect(state.payload).toMatchObject({
      mode: 'offline',
      fallbacks: [{ stage: 'search', reason: 'Brave returned 500' }],
    })
  })

  it('lists term statistics that could not be loaded, and still judges by word overlap', async () => {
    const deps = fakeDeps({
      webSearch: fixedSearch(results),
      termStats: async () => {
        throw new Error('D1 is down')
      },
    })
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.answer).toMatch(/\[1\]/)
    expect(state.payload?.fallbacks).toEqual([
      {
        stage: 'relevance',
        reason: 'term statistics could not be loaded; judged by plain word overlap',
      },
    ])
  })

  it('lists term statistics lost after the judgement, when the related questions are named', async () => {
    let loads = 0
    const deps = fakeDeps({
      webSearch: fixedSearch(results),
      termStats: async () => {
        if (++loads > 1) throw new Error('D1 is down')
        return { documents: 1000, documentFrequency: () => 10 }
      },
    })
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.related_questions.length).toBeGreaterThan(0)
    expect(state.payload?.fallbacks).toEqual([
      {
        stage: 'related_questions',
        reason: 'term statistics could not be loaded; topic named by word counts alone',
      },
    ])
  })

  it('lists a follow-up rewritten without term statistics, beside the judgement without them', async () => {
    const deps = fakeDeps({
      webSearch: fixedSearch(results),
      termStats: async () => {
        throw new Error('D1 is down')
      },
    })
    const history = [
      { role: 'user' as const, content: 'Does vitamin D reduce fractures?' },
      { role: 'assistant' as const, content: 'Not alone [1].' },
    ]
    const state = await runPipeline(aState({ query: 'And with calcium?', history }), deps, never)
    expect(state.searchQuery).toMatch(/calcium.*vitamin D/)
    expect(state.payload?.fallbacks.map((f) => f.stage)).toEqual(['rewrite', 'relevance'])
    expect(state.payload?.fallbacks[0]?.reason).toMatch(/term statistics could not be loaded/)
  })

  it('searches a misspelt word as the library spells it, and says so', async () => {
    const frequency: Record<string, number> = { vitamin: 40, reduc: 700, fractur: 30 }
    const asked: string[] = []
    const library = {
      name: 'library',
      search: async (query: string) => {
        asked.push(query)
        return results
      },
    }
    const deps = fakeDeps({
      webSearch: library,
      corpusSearch: library,
      webSearchConfigured: false,
      termStats: async () => ({ documents: 5000, documentFrequency: (t) => frequency[t] ?? 0 }),
      spelling: {
        near: async () => [{ term: 'fractur', documents: 30 }],
        textHolding: async () => 'Fractures fell.',
      },
    })
    const query = 'Does vitamin D reduce fractores?'
    const state = await runPipeline(aState({ query }), deps, never)
    expect(asked).toEqual(['Does vitamin D reduce fractures?'])
    expect(state.payload?.search_query).toBe('Does vitamin D reduce fractures?')
    const search = statuses(deps.packets).find((s) => s.step === 'search' && s.phase === 'start')
    expect(search?.message).toBe('Searching for: Does vitamin D reduce fractures?…')
    expect(state.payload?.fallbacks).toEqual([])
  })

  it('lists a spelling lookup that failed, and searches the question as written', async () => {
    const deps = fakeDeps({
      webSearch: fixedSearch(results),
      webSearchConfigured: false,
      termStats: async () => ({ documents: 5000, documentFrequency: () => 0 }),
      spelling: {
        near: async () => {
          throw new Error('no such module: fts5vocab')
        },
        textHolding: async () => null,
      },
    })
    const state = await runPipeline(
      aState({ query: 'Does vitamin D reduce fractores?' }),
      deps,
      never,
    )
    expect(state.payload?.search_query).toBeUndefined()
    expect(state.payload?.fallbacks[0]).toEqual({
      stage: 'spelling',
      reason: "the library's words could not be read; searched as written",
    })
  })

  it('goes on in search order, listed, when choosing sources fails (not an abstention)', async () => {
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    let failed = false
    deps.emit = (packet) => {
      // The early sources packet is part of choosing sources: fail it once.
      if (packet.type === 'sources' && !failed) {
        failed = true
        throw new Error('emit failed')
      }
      deps.packets.push(packet)
    }
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.abstained).toBe(false)
    expect(state.payload?.answer).toMatch(/\[1\]/)
    expect(state.payload?.fallbacks).toEqual([
      { stage: 'prioritize_sources', reason: 'unexpected error' },
    ])
  })

  it('withdraws what was streamed when writing the answer crashes, and lists it', async () => {
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    let crashed = false
    deps.emit = (packet) => {
      deps.packets.push(packet)
      if (packet.type === 'token' && !crashed) {
        crashed = true
        throw new Error('writer crashed')
      }
    }
    const state = await runPipeline(aState(), deps, never)
    const replace = deps.packets.findIndex((p) => p.type === 'replace')
    expect(replace).toBeGreaterThan(deps.packets.findIndex((p) => p.type === 'token'))
    const after = deps.packets.slice(replace + 1)
    const text = after.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    expect(text).toBe(state.payload?.answer)
    expect(state.payload?.answer).toBe('The answer could not be written (unexpected error).')
    expect(state.payload?.fallbacks).toEqual([{ stage: 'synthesize', reason: 'unexpected error' }])
  })

  it('gives up on a search that does not answer in time', async () => {
    const deps = fakeDeps({ webSearch: hangingSearch(), timeouts: { searchMs: 30 } })
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.search_error).toMatch(/timed out/)
    expect(state.payload?.answer).toMatch(/Search failed/)
  })

  it('still answers when fetching a preview image times out', async () => {
    const deps = fakeDeps({
      webSearch: fixedSearch(results),
      safeFetch: pageFetch({
        'https://www.nih.gov/vitamin-d': 'hang',
        'https://www.nejm.org/calcium': 'fail',
      }),
      timeouts: { imageMs: 30 },
    })
    const state = await runPipeline(aState(), deps, never)
    expect(state.payload?.answer).toMatch(/\[1\]/)
    expect(state.payload?.sources.every((s) => s.image === null)).toBe(true)
  })

  it('adds the og:image of a source page', async () => {
    const html =
      '<html><head><meta property="og:image" content="https://www.nih.gov/card.png"></head></html>'
    const deps = fakeDeps({
      webSearch: fixedSearch(results),
      safeFetch: pageFetch({ 'https://www.nih.gov/vitamin-d': html }),
    })
    const state = await runPipeline(aState(), deps, never)
    const nih = state.payload?.sources.find((s) => s.domain === 'nih.gov')
    expect(nih?.image).toBe('https://www.nih.gov/card.png')
  })

  it('stops between steps when the run is aborted', async () => {
    const controller = new AbortController()
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    deps.emit = (packet) => {
      deps.packets.push(packet)
      if (packet.type === 'status' && packet.step === 'prioritize_sources') controller.abort()
    }
    await expect(runPipeline(aState(), deps, controller.signal)).rejects.toBeDefined()
    expect(statuses(deps.packets).some((s) => s.step === 'synthesize')).toBe(false)
  })
})
