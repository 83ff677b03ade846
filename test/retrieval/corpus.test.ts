import { gzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import {
  corpusIndexRequest,
  createCorpusSearch,
  createRetriever,
  indexMany,
  parseCorpusJsonl,
  type RetrievedChunk,
  type Retriever,
} from '../../workers/retrieval'
import { toSearchResult } from '../../workers/retrieval/corpus-search'
import sample from './fixtures/scifact-sample.jsonl?raw'
import { indexDeps } from './helpers'

function chunk(overrides: Partial<RetrievedChunk> = {}): RetrievedChunk {
  return {
    chunkId: '12',
    sourceId: 'src_abc',
    documentId: 'doc_abc',
    paperKey: 'src_abc',
    title: 'A paper',
    content: 'Best   chunk\ntext.',
    page: 3,
    score: 1,
    url: null,
    doi: null,
    authors: [],
    year: 2019,
    kind: 'corpus',
    ...overrides,
  }
}

const fixedRetriever = (chunks: RetrievedChunk[]): Retriever => ({
  retrieve: async () => ({ task: 'qa', chunks, queries: ['q'] }),
})

describe('corpus JSONL', () => {
  it('parses BEIR rows, plain or gzipped', () => {
    const rows = parseCorpusJsonl(sample)
    expect(rows).toHaveLength(5)
    expect(rows[0]).toMatchObject({ _id: '4983', title: expect.stringContaining('white matter') })
    expect(parseCorpusJsonl(gzipSync(new TextEncoder().encode(sample)))).toEqual(rows)
  })

  it('skips malformed lines and rows without text', () => {
    const text = [
      '{"_id": 1, "title": "ok", "text": "body"}',
      '{not json',
      '{"_id": "2", "text": "  "}',
      '[]',
      '',
    ].join('\n')
    expect(parseCorpusJsonl(text)).toEqual([{ _id: '1', title: 'ok', text: 'body' }])
  })

  it('maps a row to a corpus source with a namespaced external id and no invented URL', () => {
    const [row] = parseCorpusJsonl(sample)
    const request = corpusIndexRequest(row!, { corpus: 'scifact' })
    expect(request?.source).toMatchObject({
      kind: 'corpus',
      externalId: 'scifact:4983',
      url: null,
      doi: null,
    })
    expect(request?.documents[0]?.pages[0]?.text).toBe(row!.text)
  })
})

describe('corpus search provider', () => {
  it('links to the source URL, else the DOI, else a stable quire:// address', () => {
    expect(toSearchResult(chunk({ url: 'https://www.example.org/p' }))).toMatchObject({
      url: 'https://www.example.org/p',
      domain: 'example.org',
    })
    expect(toSearchResult(chunk({ doi: '10.1000/xyz' }))).toMatchObject({
      url: 'https://doi.org/10.1000/xyz',
      domain: 'doi.org',
    })
    expect(toSearchResult(chunk())).toMatchObject({
      url: 'quire://source/src_abc',
      domain: 'quire',
    })
  })

  it('carries chunk provenance and a flattened snippet', () => {
    expect(toSearchResult(chunk())).toMatchObject({
      title: 'A paper',
      snippet: 'Best chunk text.',
      sourceId: 'src_abc',
      chunkId: '12',
      page: 3,
      date: '2019',
    })
  })

  it('returns one result per source, best chunk first, up to the limit', async () => {
    const search = createCorpusSearch(
      fixedRetriever([
        chunk({ chunkId: '1', content: 'first' }),
        chunk({ chunkId: '2', content: 'second of same source' }),
        chunk({ chunkId: '3', sourceId: 'src_other', content: 'other' }),
        chunk({ chunkId: '4', sourceId: 'src_third', content: 'third' }),
      ]),
      [LIBRARY_NAMESPACE],
    )
    const results = await search.search('q', { limit: 2 })
    expect(results.map((r) => r.chunkId)).toEqual(['1', '3'])
  })

  it('applies allow and deny domain filters', async () => {
    const search = createCorpusSearch(
      fixedRetriever([
        chunk({ sourceId: 'a', doi: '10.1/a' }),
        chunk({ sourceId: 'b', url: 'https://arxiv.org/abs/1' }),
      ]),
      [LIBRARY_NAMESPACE],
    )
    expect(
      (await search.search('q', { domainFilter: ['arxiv.org'] })).map((r) => r.sourceId),
    ).toEqual(['b'])
    expect(
      (await search.search('q', { domainFilter: ['-arxiv.org'] })).map((r) => r.sourceId),
    ).toEqual(['a'])
  })

  it('searches the indexed corpus end to end', async () => {
    const deps = indexDeps()
    const requests = parseCorpusJsonl(sample).flatMap(
      (row) => corpusIndexRequest(row, { corpus: 'scifact' }) ?? [],
    )
    await indexMany(deps, requests)
    const retriever = createRetriever({ config: parseConfig({}), ...deps, models: null })
    const [first] = await createCorpusSearch(retriever, [LIBRARY_NAMESPACE]).search(
      'diffusion tensor imaging of newborn white matter',
      {},
    )
    expect(first?.title).toContain('white matter')
    expect(first?.url).toMatch(/^quire:\/\/source\//)
  })

  it('propagates a retriever failure to the caller', async () => {
    const broken: Retriever = {
      retrieve: async () => {
        throw new Error('d1 down')
      },
    }
    await expect(createCorpusSearch(broken, [LIBRARY_NAMESPACE]).search('q', {})).rejects.toThrow(
      'd1 down',
    )
  })
})
