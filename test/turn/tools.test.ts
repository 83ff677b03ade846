import { describe, expect, it } from 'vitest'
import { DocumentNumbering } from '../../workers/context'
import type { Deps } from '../../workers/deps'
import type { SafeFetch, WebSearchProvider } from '../../workers/sources'
import { openUrlTool } from '../../workers/turn/tools/open-url'
import { webSearchTool } from '../../workers/turn/tools/web-search'
import { createSearchCorpusTool, searchCorpusTool } from '../../workers/turn'
import { NO_RELEVANT_DOCUMENTS } from '../../workers/turn/tools/search-corpus'
import { htmlResponse } from '../fakes/safe-response'
import { aChunk, fakeRetriever, testDeps } from './helpers'
import { scriptedModel } from './scripted-model'

function context(deps: Deps) {
  return {
    deps,
    sessionId: 's',
    signal: new AbortController().signal,
    numbering: new DocumentNumbering(),
  }
}

function pageFetch(html: string, seen: string[] = []): SafeFetch {
  return async (url) => {
    seen.push(url)
    return htmlResponse(url, html)
  }
}

describe('open_url', () => {
  it('returns the readable text of a page as one numbered document with its URL', async () => {
    const html =
      '<html><head><title>Soil report</title></head><body><p>Moisture fell by 12% in July.</p></body></html>'
    const output = await openUrlTool.run(
      { url: 'https://example.org/soil' },
      context(testDeps({ safeFetch: pageFetch(html) })),
    )
    const parsed = JSON.parse(output.content) as { documents: Record<string, unknown>[] }
    expect(parsed.documents).toEqual([
      expect.objectContaining({
        document: 1,
        title: 'Soil report',
        url: 'https://example.org/soil',
        metadata: 'example.org',
      }),
    ])
    expect(String(parsed.documents[0]?.contents)).toContain('Moisture fell by 12% in July.')
    expect(output.sources).toEqual([
      expect.objectContaining({
        number: 1,
        url: 'https://example.org/soil',
        domain: 'example.org',
      }),
    ])
  })

  it('refuses non-http(s) URLs before fetching anything', async () => {
    const seen: string[] = []
    const deps = testDeps({ safeFetch: pageFetch('', seen) })
    await expect(openUrlTool.run({ url: 'file:///etc/passwd' }, context(deps))).rejects.toThrow(
      'open_url needs',
    )
    expect(seen).toEqual([])
  })

  it('is refused by the guarded fetch for a private address', async () => {
    await expect(
      openUrlTool.run({ url: 'http://10.0.0.7/admin' }, context(testDeps())),
    ).rejects.toThrow()
  })
})

describe('web_search', () => {
  it('numbers results with their URLs so the model can open them', async () => {
    const provider: WebSearchProvider = {
      name: 'recorded',
      search: async (query, options) => {
        expect(options.limit).toBe(8)
        return [
          {
            title: `About ${query}`,
            url: 'https://news.example/a',
            snippet: 'A snippet.',
            domain: 'news.example',
            date: '2025-01-02',
          },
        ]
      },
    }
    const output = await webSearchTool.run(
      { query: 'heatwave' },
      context(testDeps({ webSearch: provider })),
    )
    expect(JSON.parse(output.content)).toEqual({
      documents: [
        {
          document: 1,
          title: 'About heatwave',
          url: 'https://news.example/a',
          metadata: 'news.example, 2025-01-02',
          contents: 'A snippet.',
        },
      ],
    })
    expect(output.summary).toBe('1 web results for "heatwave" (recorded)')
  })

  it('rejects a call without a query', async () => {
    await expect(webSearchTool.run({}, context(testDeps()))).rejects.toThrow('web_search needs')
  })
})

describe('search_corpus', () => {
  it('searches the namespace a capability gives it, per session', async () => {
    const seen: (readonly string[] | undefined)[] = []
    const retriever = {
      retrieve: async (_q: string, options?: { namespaces?: readonly string[] }) => {
        seen.push(options?.namespaces)
        return { task: 'qa' as const, chunks: [], queries: [] }
      },
    }
    const tool = createSearchCorpusTool({
      namespaces: (id) => [`papers:${id}`],
      describes: 'the loaded papers',
    })
    await tool.run({ query: 'x' }, { ...context(testDeps({ retriever })), sessionId: 'abc' })
    await searchCorpusTool.run({ query: 'x' }, context(testDeps({ retriever })))
    expect(seen).toEqual([['papers:abc'], ['corpus']])
    expect(tool.guidance).toContain('the loaded papers')
  })

  it('leaves relevance to the model that reads it: only passages sharing no word are withheld', async () => {
    const retriever = fakeRetriever(async () => [
      aChunk({ title: 'Finch beaks', content: 'Beak size varied between finch species.' }),
    ])
    const asked = { query: 'Which coral species bleach first when the ocean warms?' }
    // Offline the word statistics judge, and one shared word is not enough.
    const offline = await searchCorpusTool.run(
      asked,
      context(testDeps({ models: null, retriever })),
    )
    expect(offline).toMatchObject({ content: NO_RELEVANT_DOCUMENTS, documents: [] })
    const model = scriptedModel([])
    const models = { main: model, fast: model }
    const read = await searchCorpusTool.run(asked, context(testDeps({ models, retriever })))
    expect(read.documents.map((d) => d.title)).toEqual(['Finch beaks'])
    const unrelated = await searchCorpusTool.run(
      { query: 'Do coral reefs bleach?' },
      context(testDeps({ models, retriever })),
    )
    expect(unrelated).toMatchObject({ content: NO_RELEVANT_DOCUMENTS, documents: [] })
  })
})
