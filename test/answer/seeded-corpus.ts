// A small knowledge base for online /api/ask tests: real indexing into the test D1 (FTS5 and
// the D1 vector store), so searches run the shipped corpus path instead of a scripted provider.
import { env } from 'cloudflare:test'
import { makeDeps } from '../../workers/deps'
import { indexMany, type IndexRequest } from '../../workers/retrieval'

function aDocument(id: string, title: string, text: string): IndexRequest {
  return {
    namespace: 'corpus',
    source: { kind: 'text', externalId: `answer-online:${id}`, title },
    documents: [{ title, pages: [{ page: null, text }] }],
  }
}

export const CORPUS = [
  aDocument(
    'vitd-adults',
    'Vitamin D supplementation and bone mineral density in older adults',
    'In a randomised trial of 400 older adults, daily vitamin D supplementation increased lumbar ' +
      'bone mineral density by 1.2% over two years. Participants with low baseline vitamin D ' +
      'levels benefited most, and fracture rates did not differ between the groups.',
  ),
  aDocument(
    'vitd-children',
    'Vitamin D and bone growth in children',
    'Among 250 children aged six to twelve, vitamin D supplementation during winter raised bone ' +
      'mineral content of the forearm. Children who played outdoors had higher vitamin D levels ' +
      'at baseline.',
  ),
  aDocument(
    'sleep',
    'Sleep duration and memory consolidation',
    'Students who slept fewer than six hours recalled fewer word pairs the next day. Slow-wave ' +
      'sleep predicted memory consolidation better than total sleep time.',
  ),
  aDocument(
    'coral',
    'Coral bleaching after marine heatwaves',
    'Marine heatwaves in 2016 bleached a third of the reef. Recovery took longer where water ' +
      'quality was poor.',
  ),
]

/** Indexes the corpus once per test file (re-indexing the same text adds nothing). */
export async function seedCorpus(): Promise<void> {
  await indexMany(makeDeps(env), CORPUS)
}
