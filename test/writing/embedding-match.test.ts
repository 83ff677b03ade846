// Section matching by embeddings: when no section name matches by terms, the place the user
// described is compared with each heading through the Embedder port; only a clear match counts.
import { describe, expect, it } from 'vitest'
import type { Embedder } from '../../workers/retrieval'
import { matchByEmbedding } from '../../workers/writing/placement/embedding-match'
import { scanHeadings } from '../../workers/writing'

/** Texts mentioning a topic word share that topic's axis; anything else points elsewhere. */
function topicEmbedder(topics: Record<string, number>): Embedder {
  return {
    id: 'topics',
    dimensions: 8,
    embed: async (texts) =>
      texts.map((text) => {
        const v = new Float32Array(8)
        const hit = Object.entries(topics).find(([word]) => text.toLowerCase().includes(word))
        v[hit ? hit[1] : 7] = 1
        return v
      }),
  }
}

const DOC = '# P\n\n## Related Work\n\na\n\n## Experiments\n\nb\n'

describe('matchByEmbedding', () => {
  it('finds the heading closest to the place the user described', async () => {
    const embedder = topicEmbedder({ 'prior studies': 1, 'related work': 1, experiments: 2 })
    const headings = scanHeadings(DOC)
    const index = await matchByEmbedding(
      embedder,
      headings,
      'add it to the part about prior studies',
    )
    expect(headings[index ?? -1]?.title).toBe('Related Work')
  })

  it('finds nothing when no heading is close', async () => {
    const embedder = topicEmbedder({ 'related work': 1, experiments: 2 })
    expect(await matchByEmbedding(embedder, scanHeadings(DOC), 'add it somewhere nice')).toBeNull()
  })
})
