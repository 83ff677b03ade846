import { describe, expect, it } from 'vitest'
import { buildProjectContext, type ContextFile, type ProjectSources } from '../../workers/context'
import { aChunk } from '../turn/helpers'

function aProjectFile(id: string, tokens: number, indexed = false): ContextFile {
  return {
    id,
    scope: 'project',
    name: `${id}.md`,
    contentType: 'text/markdown',
    kind: 'text',
    text: `Text of ${id}.`,
    tokens,
    bytes: 10,
    indexed,
    createdAt: 1,
  }
}

function recordingSources() {
  const indexed: string[] = []
  const queries: { query: string; budget: number }[] = []
  const sources: ProjectSources = {
    index: async (files) => void indexed.push(...files.map((f) => f.id)),
    retrieve: async (query, budget) => {
      queries.push({ query, budget })
      return [aChunk({ title: 'a.md', content: 'Retrieved passage.', page: 2 })]
    },
  }
  return { sources, indexed, queries }
}

describe('project context', () => {
  it('has nothing to add without project files', async () => {
    const { sources } = recordingSources()
    expect(await buildProjectContext({ files: [], limit: 100, query: 'q', sources })).toEqual({
      mode: 'none',
      documents: [],
    })
  })

  it('shows every project file whole while the project fits', async () => {
    const { sources, indexed, queries } = recordingSources()
    const project = await buildProjectContext({
      files: [aProjectFile('a', 40), aProjectFile('b', 60)],
      limit: 100,
      query: 'q',
      sources,
    })
    expect(project.mode).toBe('inline')
    expect(project.documents.map((d) => d.contents)).toEqual(['Text of a.', 'Text of b.'])
    expect(indexed).toEqual([])
    expect(queries).toEqual([])
  })

  it('indexes the files not yet indexed and retrieves for the message when the project overflows', async () => {
    const { sources, indexed, queries } = recordingSources()
    const files = [aProjectFile('a', 80, true), aProjectFile('b', 80)]
    const project = await buildProjectContext({
      files,
      limit: 100,
      query: 'what changed?',
      sources,
    })
    expect(project.mode).toBe('retrieved')
    expect(indexed).toEqual(['b'])
    expect(queries).toEqual([{ query: 'what changed?', budget: 100 }])
    expect(project.documents[0]).toMatchObject({
      title: 'a.md',
      metadata: 'page 2',
      contents: 'Retrieved passage.',
    })
  })
})
