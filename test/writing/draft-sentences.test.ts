// The sentences an offline draft may take: whole sentences of the passages, about the request,
// each with its source; a quotation cut after its opening ("… long-term use …") is not one.
import { describe, expect, it } from 'vitest'
import type { RetrievedChunk } from '../../workers/retrieval'
import { draftSentences } from '../../workers/writing/draft-sentences'

function chunk(id: string, title: string, content: string): RetrievedChunk {
  return {
    chunkId: `c-${id}`,
    sourceId: `s-${id}`,
    documentId: `d-${id}`,
    paperKey: id,
    title,
    content,
    page: null,
    score: 1,
    url: null,
    doi: null,
    authors: [],
    year: null,
    kind: 'paper',
  }
}

describe('offline draft sentences', () => {
  it('drafts whole sentences only, never a quote cut after "Secondly,"', () => {
    const passages = [
      chunk(
        '1',
        'Statins in primary prevention',
        'Secondly, long-term statin use might cause adverse effects, such as incident diabetes mellitus.',
      ),
      chunk(
        '2',
        'Statins and new-onset diabetes',
        'Statin therapy raised the risk of new-onset diabetes by 9% in a meta-analysis of 13 trials.',
      ),
    ]
    const drafted = draftSentences('statins and diabetes', passages, { max: 4, perSource: 2 })
    expect(drafted.map((s) => s.chunk.sourceId)).toEqual(['s-2'])
    expect(drafted[0]?.text).toMatch(/^Statin therapy raised the risk of new-onset diabetes/)
  })
})
