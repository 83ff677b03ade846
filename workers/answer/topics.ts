// What a question is about, for source credibility (seed 001 §5.2 offline): broad cue sets by
// category (health: conditions, anatomy, care, nutrition, medical word-formation), never one
// question's words. Most distinct cues wins; ties go to the earlier topic.

export type Topic = 'health' | 'policy' | 'tech' | 'scholarly' | 'finance' | 'music' | 'general'

const words = (list: string) => list.trim().split(/\s+/).join('|')

/** Whole words; a trailing `*` in a list entry is written as `\w*` (any ending). */
const cue = (list: string) => new RegExp(`\\b(${words(list).replace(/\*/g, '\\w*')})\\b`, 'gi')

const TOPIC_CUES: Array<[Topic, RegExp[]]> = [
  [
    'health',
    [
      // conditions and symptoms
      cue(`health* disease* disorder* syndrome* symptom* illness* infect* virus* viral bacteri*
        cancer* tumou?r* diabet* obes* asthma allerg* arthritis dementia alzheimer* stroke*
        migraine* fever cough pain painful painkiller* injur* fractur* sprain* wound* inflamm* depressive depressed antidepress* anxiety
        mental insomnia sleep* fatigue nausea rash* measles flu influenza covid* hiv malaria`),
      // anatomy and physiology
      cue(`bone* muscle* heart lung* liver kidney* brain skin blood teeth tooth
        stomach gut bowel* immune hormone* cholesterol metabolism pulse`),
      // treatment and care
      cue(`treat treats treated treating treatment* therap* drug* medic* medication* dose* dosage prescri* vaccin* antibiotic*
        surgery surgical diagnos* clinical clinic* hospital* patient* doctor* nurse* physician*
        pharmac* side-effect* contagious pregnan* birth newborn* infants? elderly`),
      // nutrition and lifestyle
      cue(
        `diet* nutrition* nutrient* vitamin* mineral* supplement* calori* fasting exercise* smoking alcohol`,
      ),
      // medical word-formation: specialty stems, and suffixes that almost only name conditions
      // or procedures (-itis, -osis, -opathy, -ectomy, -ostomy, -plasty)
      cue(`cardio* cardiac neurolog* gastro* hepat* nephro* dermat* oncolog* osteo* pulmonar*
        psychiatr* pediatr* paediatr* endocrin* ophthalm* anemi* anaemi* leuk* carcinoma*
        melanoma* lymphoma* glaucoma* myalgia neuralgia`),
      /\b\w{3,}(itis|osis|opathy|ectomy|ostomy|plasty)\b/gi,
    ],
  ],
  [
    'policy',
    [
      cue(`law* legal* legislat* regulat* polic* visa* passport* tax taxes taxation government*
        election* vote* voting court* judge* rights permit* immigra* benefit* citizenship
        parliament* congress senate ministry agency constitution* lawsuit* licen[cs]e* pension*
        welfare`),
    ],
  ],
  [
    'tech',
    [
      cue(`api apis http https javascript typescript python java rust golang css html protocol*
        rfc browser* server* database* sql kubernetes docker linux windows macos sdk library
        libraries framework* compiler* cloudflare software code coding program* algorithm*
        encrypt* password* network* router* wifi cpu gpu cache* deploy* git github npm`),
    ],
  ],
  [
    'scholarly',
    [
      cue(`study studies evidence paper papers research* trial* meta-analys[ie]s hypothes[ie]s experiment* protein* gene* genom* cell cells molecul* theorem*
        proof model models modell?ing peer-reviewed cohort* randomi[sz]ed physics chemistry
        biology ecology quantum`),
    ],
  ],
  [
    'finance',
    [
      cue(`stock* market* inflation interest rates? gdp econom* invest* bank* earnings bond bonds
        mortgage* loan* credit debt* currency currencies dividend* recession* budget* price
        prices crypto* bitcoin`),
    ],
  ],
  [
    'music',
    [
      cue(`song* album* chart* billboard singer* band bands lyrics music* musician* concert*
        guitar* piano* symphony orchestra* rapper* grammy`),
    ],
  ],
]

function distinctHits(query: string, patterns: RegExp[]): number {
  const hits = new Set<string>()
  for (const pattern of patterns) {
    for (const match of query.matchAll(pattern)) hits.add(match[0].toLowerCase())
  }
  return hits.size
}

export function classifyTopic(query: string): Topic {
  let best: Topic = 'general'
  let bestHits = 0
  for (const [topic, patterns] of TOPIC_CUES) {
    const hits = distinctHits(query, patterns)
    if (hits > bestHits) [best, bestHits] = [topic, hits]
  }
  return best
}
