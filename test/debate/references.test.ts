// Each turn's References (APA 7) list exactly the works it cites with numbers retrieved for
// that turn; a number from an earlier turn's retrieval is removed from the turn's text (the
// run shares one numbering, so it would otherwise still name a chunk), never listed.
import { describe, expect, it } from 'vitest'
import { runDebate, type TranscriptEntry } from '../../workers/debate'
import type { RunOutcome } from '../../workers/session'
import { aChunk, aRun, fakeRetriever, memoryStore, withSql } from '../turn/helpers'
import { debateDeps, proposal, reply, tokenText } from './helpers'

type Outcome = RunOutcome & { transcript: TranscriptEntry[] }

// Passages that address the debate's question: off-topic evidence would be set aside.
const content =
  'Unit tests should run on every commit in continuous integration; a failing unit test stops the build.'

const chunkA = aChunk({
  content,
  chunkId: 'a',
  sourceId: 'src-a',
  title: 'Unit testing in practice',
  authors: ['Kent Beck'],
  year: 2003,
})
const chunkB = aChunk({
  content,
  chunkId: 'b',
  sourceId: 'src-b',
  title: 'Property-based testing',
  authors: ['John Hughes'],
  year: 2000,
})
const chunkC = aChunk({
  content,
  chunkId: 'c',
  sourceId: 'src-c',
  title: 'Mutation testing survey',
  authors: ['Yue Jia', 'Mark Harman'],
  year: 2011,
})

async function run(reviewBody: string) {
  const { deps } = debateDeps({
    maxTurns: 1,
    steps: [
      proposal(),
      reply(reviewBody, {
        Agreement: 'DISAGREE',
        Viability: 'NOT_VIABLE',
        Validation: 'FAIL',
        Conclusion: 'Not yet.',
      }),
    ],
  })
  let call = 0
  deps.retriever = fakeRetriever(async () => (call++ === 0 ? [chunkA, chunkB] : [chunkC]))
  return withSql(async (sql) => {
    const r = aRun(memoryStore(sql), deps, {
      message: 'When should unit tests run in continuous integration?',
    })
    const outcome = (await runDebate(r.context as never)) as Outcome
    return { outcome, text: tokenText(r.packets), packets: r.packets }
  })
}

// The first APA entry builds citation-js's citeproc engine: seconds on a loaded machine.
describe('debate references', { timeout: 60_000 }, () => {
  it('lists exactly the works a turn cites, formatted in APA 7', async () => {
    const { outcome, text } = await run('Mutation scores matter [3].')
    const [optimist, pessimist] = outcome.transcript
    expect(optimist?.references.map((r) => r.number)).toEqual([1])
    // No stored source row behind a fake chunk: the entry has what the reference carries.
    expect(optimist?.references[0]?.apa).toBe(
      '*Unit testing in practice*. (2003). https://example.org/vitamin-d',
    )
    expect(pessimist?.references.map((r) => r.number)).toEqual([3])
    expect(pessimist?.citations?.precision).toBe(1)
    expect(text.match(/References \(APA 7\)/g)).toHaveLength(2)
  })

  it('removes a citation of an earlier turn’s chunk from the shown text and does not list it', async () => {
    const body = 'Unit tests help [1], mutation scores matter [3, 2]. See also [2][3].'
    const { outcome, text, packets } = await run(body)
    const pessimist = outcome.transcript[1]
    // The marker goes; the space before it stays, as for any dropped marker while streaming.
    expect(pessimist?.text).toMatch(
      /Unit tests help ?, mutation scores matter \[3\]\. See also \[3\]\./,
    )
    expect(pessimist?.citations).toEqual({ cited: [3], grounded: [3], precision: 1 })
    expect(pessimist?.references.map((r) => r.number)).toEqual([3])
    // Streamed exactly as saved: no earlier-turn marker reaches the reader either.
    const review = text.slice(text.indexOf('Unit tests help'))
    expect(review).not.toMatch(/\[(1|2)\]/)
    const cited = packets.flatMap((p) => (p.type === 'citation' ? [p.number] : []))
    expect(cited).toEqual([1, 3])
  })

  it('keeps code blocks as written and never lists a work for indexing inside them', async () => {
    const code = '```python\nbaseline = values[1]\nfirst = values[0]\n```'
    const { deps } = debateDeps({
      maxTurns: 1,
      steps: [
        reply(`Unit tests help [2].\n\n${code}`, {
          Agreement: 'AGREE',
          Viability: 'VIABLE',
          Validation: 'N/A',
          Conclusion: 'Subtract the baseline.',
        }),
        reply('Fine [3].', { Answer: 'VERIFIED', 'Verification Reason': 'it parses' }),
      ],
    })
    let call = 0
    deps.retriever = fakeRetriever(async () => (call++ === 0 ? [chunkA, chunkB] : [chunkC]))
    const { outcome, packets } = await withSql(async (sql) => {
      const r = aRun(memoryStore(sql), deps, {
        message: 'When should unit tests run in continuous integration?',
      })
      return { outcome: (await runDebate(r.context as never)) as Outcome, packets: r.packets }
    })
    const optimist = outcome.transcript[0]
    expect(optimist?.text).toContain(code)
    expect(optimist?.citations?.cited).toEqual([2])
    expect(optimist?.references.map((r) => r.number)).toEqual([2])
    expect(packets.flatMap((p) => (p.type === 'citation' ? [p.number] : []))).toEqual([2, 3])
  })

  it('lists each work once, in the order of its numbers, labelled with every marker naming it', async () => {
    // Chunk a2 is a second passage of chunk a's paper: [1] and [3] are one work.
    const chunkA2 = aChunk({ ...chunkA, chunkId: 'a2', content: `${content} Again.` })
    const { deps } = debateDeps({
      maxTurns: 1,
      steps: [
        reply('Mutation first [2], then unit tests [3] and [1].', {
          Agreement: 'AGREE',
          Viability: 'VIABLE',
          Validation: 'N/A',
          Conclusion: 'Run them.',
        }),
        reply('Fine.', { Answer: 'VERIFIED', 'Verification Reason': 'it parses' }),
      ],
    })
    deps.retriever = fakeRetriever(async () => [chunkA, chunkB, chunkA2])
    const { outcome, text, saved } = await withSql(async (sql) => {
      const store = memoryStore(sql)
      const r = aRun(store, deps, {
        message: 'When should unit tests run in continuous integration?',
      })
      return {
        outcome: (await runDebate(r.context as never)) as Outcome,
        text: tokenText(r.packets),
        saved: store.listMessages().at(-1),
      }
    })
    const optimist = outcome.transcript[0]
    expect(optimist?.references.map((r) => r.numbers)).toEqual([[1, 3], [2]])
    expect(optimist?.references.map((r) => r.source_id)).toEqual(['src-a', 'src-b'])
    const section = text.slice(text.indexOf('References (APA 7)'))
    expect(section).toMatch(
      /^References \(APA 7\)\n\n- \[1, 3\] \*Unit testing.*\n- \[2\] \*Property-based/,
    )
    expect(text.match(/Unit testing in practice/g)).toHaveLength(1)
    // The session keeps each turn as the page shows it, so a reload or a share link can too.
    const turns = saved?.data.turns as { text: string; references: unknown[]; verdict: unknown }[]
    expect(turns.map((t) => t.text)).toEqual(outcome.transcript.map((e) => e.text))
    expect(turns[0]?.references).toEqual(optimist?.references)
    expect(turns[0]?.verdict).toMatchObject({ agreement: 'AGREE', viability: 'VIABLE' })
    expect(saved?.data).toMatchObject({
      mode: 'online',
      terminal_marker: '=== Max Turns Reached ===',
    })
  })

  it('drops citation numbers that name no retrieved chunk at all', async () => {
    const { outcome } = await run('As shown before [42], mutation scores matter [3].')
    const pessimist = outcome.transcript[1]
    expect(pessimist?.text).not.toContain('[42]')
    expect(pessimist?.citations?.cited).toEqual([3])
  })
})
