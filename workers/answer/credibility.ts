// Offline source prioritisation (seed 001 §5.2 without a model): which kinds of domain are
// authoritative depends on the question's topic (topics.ts), and each domain gets a
// credibility score for it from its tier (government, journal, standards body, forum...).

import type { Topic } from './topics'

export { classifyTopic, type Topic } from './topics'

type Tier =
  | 'government'
  | 'scholarly'
  | 'standards'
  | 'vendor_docs'
  | 'academic_site'
  | 'reference'
  | 'news'
  | 'music'
  | 'finance'
  | 'user_content'
  | 'other'

const TIER_RULES: Array<[Tier, RegExp]> = [
  [
    'government',
    /(\.gov|\.gov\.[a-z]{2}|\.gc\.ca|\.mil|(^|\.)europa\.eu|(^|\.)who\.int|(^|\.)un\.org|\.int)$/,
  ],
  [
    'scholarly',
    /(^|\.)(arxiv\.org|doi\.org|nature\.com|science\.org|cell\.com|thelancet\.com|nejm\.org|bmj\.com|jamanetwork\.com|plos\.org|springer\.com|sciencedirect\.com|wiley\.com|acm\.org|ieee\.org|pubmed\.ncbi\.nlm\.nih\.gov|biorxiv\.org|medrxiv\.org|semanticscholar\.org|aclanthology\.org|openreview\.net|jstor\.org)$/,
  ],
  [
    'standards',
    /(^|\.)(ietf\.org|rfc-editor\.org|w3\.org|whatwg\.org|iso\.org|ecma-international\.org|unicode\.org|ieee\.org)$/,
  ],
  [
    'vendor_docs',
    /(^docs\.|^developer\.|^developers\.|^learn\.microsoft\.com$|^developer\.mozilla\.org$|^docs\.python\.org$|^nodejs\.org$|^kubernetes\.io$|^postgresql\.org$)/,
  ],
  ['academic_site', /(\.edu|\.ac\.[a-z]{2}|\.edu\.[a-z]{2})$/],
  [
    'reference',
    /(^|\.)(wikipedia\.org|britannica\.com|mayoclinic\.org|clevelandclinic\.org|investopedia\.com)$/,
  ],
  [
    'news',
    /(^|\.)(reuters\.com|apnews\.com|bbc\.co\.uk|bbc\.com|nytimes\.com|theguardian\.com|ft\.com|economist\.com|npr\.org|washingtonpost\.com)$/,
  ],
  ['music', /(^|\.)(billboard\.com|genius\.com|pitchfork\.com|rollingstone\.com|allmusic\.com)$/],
  [
    'finance',
    /(^|\.)(sec\.gov|federalreserve\.gov|imf\.org|worldbank\.org|bloomberg\.com|wsj\.com)$/,
  ],
  [
    'user_content',
    /(^|\.)(reddit\.com|quora\.com|pinterest\.com|medium\.com|facebook\.com|x\.com|twitter\.com|tiktok\.com|answers\.com)$/,
  ],
]

/** Base credibility per tier, then a boost where the tier is the authority for the topic. */
const BASE: Record<Tier, number> = {
  government: 0.75,
  scholarly: 0.75,
  standards: 0.7,
  vendor_docs: 0.6,
  academic_site: 0.6,
  reference: 0.55,
  news: 0.55,
  music: 0.45,
  finance: 0.5,
  other: 0.4,
  user_content: 0.2,
}
const AUTHORITIES: Record<Topic, Tier[]> = {
  health: ['government', 'scholarly'],
  policy: ['government'],
  tech: ['standards', 'vendor_docs'],
  scholarly: ['scholarly', 'academic_site'],
  finance: ['finance', 'government'],
  music: ['music'],
  general: ['reference', 'news'],
}

export function tierOf(domain: string): Tier {
  return TIER_RULES.find(([, rule]) => rule.test(domain.toLowerCase()))?.[0] ?? 'other'
}

/** Corpus sources are papers the user chose to index: as credible as a journal. */
export function credibility(
  domain: string,
  topic: Topic,
  isCorpus = false,
): { score: number; reason: string } {
  const tier = isCorpus ? 'scholarly' : tierOf(domain)
  const authority = AUTHORITIES[topic].includes(tier)
  const score = BASE[tier] + (authority ? 0.25 : 0)
  const label = isCorpus ? 'indexed paper' : tier.replace('_', ' ')
  const reason = authority ? `${label}: an authority for ${topic} questions` : `${label} source`
  return { score, reason }
}
