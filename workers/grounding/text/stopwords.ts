// Words that carry no topic: English function words plus the boilerplate of scientific
// prose. Lexical features (offline embeddings, reranking, feedback terms) skip them.

const ENGLISH = `a about above after again against all almost also although am among an and any
are as at be because been before being below between both but by can cannot could did do does
doing done down during each either else ever few for from further had has have having he her
here hers herself him himself his how however i if in into is it its itself just least less
let like many may me might more most much must my myself neither no nor not now of off often on
once only or other others otherwise our ours ourselves out over own per perhaps rather same
shall she should since so some such than that the their theirs them themselves then there
therefore these they this those though through thus to too under until up upon us very via
was we well were what whatever when whenever where whereas whether which while who whom whose
why will with within without would yet you your yours yourself yourselves`

/** Frequent in abstracts and papers whatever the topic; they blur lexical similarity. */
const SCHOLARLY = `abstract article author authors conclusion conclusions et al figure fig
introduction paper present presented propose proposed report reported result results show
showed shown study studies table use used using`

export const STOP_WORDS: ReadonlySet<string> = new Set(
  `${ENGLISH} ${SCHOLARLY}`.split(/\s+/).filter(Boolean),
)

const SCHOLARLY_WORDS: ReadonlySet<string> = new Set(SCHOLARLY.split(/\s+/).filter(Boolean))

/** A stop word of scholarly prose ("studies", "results"): no topic, yet part of a phrase. */
export function isScholarlyWord(token: string): boolean {
  return SCHOLARLY_WORDS.has(token)
}

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token)
}
