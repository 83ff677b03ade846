// Paper Brain searches the topic of a request, not the request: framing (politeness, search
// verbs, counts, recency and quality words, document nouns, follow-up clauses) is stripped
// by word class, in any order, and a bare topic is left as it is.
import { describe, expect, it } from 'vitest'
import { requestTopic, rewriteForArxiv } from '../../workers/papers'

const REQUESTS: [string, string][] = [
  [
    'find two recent papers on retrieval augmented generation and load them',
    'retrieval augmented generation',
  ],
  [
    'Could you find me 3 papers about graph neural networks for molecules?',
    'graph neural networks for molecules',
  ],
  [
    'I need the latest research on protein folding with transformers',
    'protein folding with transformers',
  ],
  ['Search for new preprints regarding dark matter detection, please', 'dark matter detection'],
  ['show me some recent work on federated learning privacy', 'federated learning privacy'],
  [
    'Get a few good articles about sleep and memory consolidation and add them to my library',
    'sleep and memory consolidation',
  ],
  [
    'Look for studies on CRISPR off-target effects from the last 5 years',
    'CRISPR off-target effects',
  ],
  ['Can you please load two papers on diffusion models', 'diffusion models'],
  ['find 3 recent diffusion model papers and load them', 'diffusion model'],
  ['On quantum error correction, find me two recent papers', 'quantum error correction'],
  [
    'I would like to see recent publications on large language model evaluation. Load the best two.',
    'large language model evaluation',
  ],
  [
    'Papers about influential node detection in complex networks',
    'influential node detection in complex networks',
  ],
  [
    'Hi! Could you look into the newest literature on battery degradation modelling for me?',
    'battery degradation modelling',
  ],
  ['please fetch five arXiv papers dealing with neural ODEs, then summarise them', 'neural ODEs'],
  [
    'I am looking for papers related to speech recognition in noisy environments',
    'speech recognition in noisy environments',
  ],
  ['retrieve relevant papers on sparse attention published since 2021', 'sparse attention'],
  [
    'We need a couple of studies that examine microplastics in drinking water',
    'microplastics in drinking water',
  ],
  ["I'm writing a thesis on sleep; can you find me papers on REM rebound?", 'REM rebound'],
  ['Give me the top 5 papers on sleep, diet and obesity', 'sleep, diet and obesity'],
  ['What are some recent papers on mixture of experts routing?', 'mixture of experts routing'],
  [
    'search arXiv for contrastive learning in medical imaging',
    'contrastive learning in medical imaging',
  ],
  ['papers on study design in clinical trials', 'study design in clinical trials'],
  ['find the paper "Attention Is All You Need"', '"Attention Is All You Need"'],
  ['Hello. Load two papers on protein language models', 'protein language models'],
  [
    'Thanks! Could you now get me preprints focusing on tokamak plasma stability',
    'tokamak plasma stability',
  ],
  ['Any new work on solid-state electrolytes? Add the two most cited.', 'solid-state electrolytes'],
]

const BARE_TOPICS = [
  'ultra light dark matter',
  'key exchange protocols',
  'new physics beyond the standard model',
  'how do language models cite sources',
  'Attention Is All You Need',
]

describe('requestTopic', () => {
  it.each(REQUESTS)('finds the topic of %j', (request, topic) => {
    expect(requestTopic(request)).toBe(topic)
  })

  it.each(BARE_TOPICS)('leaves the bare topic %j as it is', (topic) => {
    expect(requestTopic(topic)).toBe(topic)
  })

  it('keeps a request that names no topic whole rather than search nothing', () => {
    expect(requestTopic('  find me some papers  ')).toBe('find me some papers')
  })
})

describe('rewriteForArxiv searches the topic of a request', () => {
  it.each(REQUESTS.filter(([, topic]) => !topic.startsWith('"')))(
    'keeps no framing word of %j',
    (request) => {
      const { arxivQuery, kind } = rewriteForArxiv(request)
      expect(kind).toBe('keywords')
      expect(arxivQuery).not.toMatch(
        /\b(find|search|look|load|show|get|papers?|recent|latest|new|two|three|3|5|them|please|me)\b/i,
      )
    },
  )

  it('searches a quoted title named in a request verbatim', () => {
    expect(rewriteForArxiv('find the paper "Attention Is All You Need"')).toEqual({
      arxivQuery: 'ti:"Attention Is All You Need"',
      kind: 'title',
    })
  })
})
