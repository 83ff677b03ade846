// The topic of a request for papers: "could you find two recent papers on X and load them"
// searches X. A request wraps its topic in framing, recognised by word class, not phrase:
// before it politeness, a search verb, counts, recency or quality words, a document noun and
// its linking word; after it a follow-up clause ("and load them"), "for me", "from arXiv",
// a time window. Text with no search verb or document noun is left alone (a bare topic).

/** Words that open a request without naming its topic: politeness, modals, pronouns, wants. */
const LEAD = words(
  'please kindly hi hey hello ok okay so now also just could can would will may might shall you u ' +
    "i we me us my our them those these they i'd i'm we'd we're i’d i’m let's lets let need needs want wants wanted like " +
    'love looking trying try am are is be to help it possible there what which whats what’s ' +
    "what's do does have has got know of quickly",
)
/** Verbs that ask for papers to be found or brought, and the particles they take. */
const SEARCH_VERBS = words(
  'find finding search searching look looking get getting fetch load show give pull bring grab ' +
    'list recommend suggest locate discover retrieve dig track point send share see read check ' +
    'gather collect pick',
)
const PARTICLES = words('for up me us out into through around on about regarding concerning')
/** Counts, determiners, recency and quality words that qualify the papers asked for. */
const QUALIFIERS = words(
  'a an the some any few couple handful several more most top all one two three four five six ' +
    'seven eight nine ten dozen recent latest newest new current fresh modern up-to-date ' +
    'state-of-the-art best good great relevant important influential interesting useful notable ' +
    'seminal key major main popular cited highly-cited high-quality peer-reviewed academic ' +
    'scientific arxiv open-access research',
)
/** What is asked for: the papers themselves. */
const DOCUMENT_NOUNS = words(
  'paper papers article articles study studies preprint preprints publication publications ' +
    'research literature work works stuff something anything ones',
)
/** What links a document noun to its topic: a preposition, "related to", "that discuss". */
const LINK_PREPOSITIONS = words(
  'on about regarding concerning covering into in for of re around discussing addressing ' +
    'exploring examining investigating studying treating',
)
const LINK_PARTICIPLES = words('related relating dealing looking focusing focused')
const LINK_PRONOUNS = words('that which')
const LINK_VERBS = words(
  'discuss discusses cover covers study studies address addresses explore explores examine ' +
    'examines investigate investigates look looks treat treats deal deals focus focuses concern ' +
    'concerns evaluate evaluates analyse analyses analyze analyzes',
)
const CLAUSE_OPEN_LINKS = words('on about regarding concerning re')
/** Verbs of a follow-up clause: "… and load them", "…, then summarise the best one". */
const FOLLOW_UP_VERBS = words(
  'load add open import summarise summarize read show give tell list download save rank compare ' +
    'explain pick select put get send chat ingest fetch display queue keep start bring use',
)

/** Trailing framing, stripped repeatedly from the end of a clause's topic. */
const TAILS: readonly RegExp[] = [
  /[\s,;:.!?'"’”)]+$/u,
  /\b(please|thanks|thank you|thx|cheers|preferably|ideally|only)$/i,
  /\bfor (me|us)$/i,
  /\b(from|on|in|via|at|through) (the )?arxiv$/i,
  /\bif (possible|you can|you could|you may)$/i,
  /\b(recently|lately|nowadays|these days)$/i,
  /\b((published|released|written|appeared|out)\s+)?((from|in|over|during|within|since)\s+)?(the\s+)?(last|past|previous|recent)\s+([\p{N}\p{L}]+\s+)?(years?|months?|weeks?|decades?)$/iu,
  /\b((published|released|written)\s+)?(since|after|from) (19|20)\d\d$/i,
  /\b(published|released|written)\s+(recently|lately|in (19|20)\d\d)$/i,
  /(^|\s)((recent|latest|new|newest|relevant|good|best|key|important|research|arxiv|academic|scientific)\s+)*(papers?|articles?|preprints?|publications?|literature)$/i,
]

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean))
}

interface Token {
  word: string
  start: number
  end: number
}

function tokensOf(text: string, offset: number): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’+-]*/gu)].map((m) => ({
    word: m[0].toLowerCase(),
    start: offset + (m.index ?? 0),
    end: offset + (m.index ?? 0) + m[0].length,
  }))
}

const isQualifier = (word: string) => QUALIFIERS.has(word) || /^\p{N}+$/u.test(word)

/** How many leading tokens frame the request, and whether a search verb or noun anchored it. */
function framingPrefix(tokens: Token[]): { length: number; anchored: boolean } {
  let i = 0
  let anchored = false
  const at = (k: number) => tokens[k]?.word ?? ''
  if (CLAUSE_OPEN_LINKS.has(at(0))) return { length: 1, anchored: true }
  for (;;) {
    const word = at(i)
    if (SEARCH_VERBS.has(word)) {
      anchored = true
      i++
      while (PARTICLES.has(at(i))) i++
    } else if (DOCUMENT_NOUNS.has(word)) {
      anchored = true
      i++
      const link = prefixAfterLink(tokens, i)
      // "papers on …": what follows the link is the topic, whatever its first word.
      if (link > 0) return { length: i + link, anchored }
    } else if (isQualifier(word)) {
      // Qualifiers frame only after a search verb, or before a document noun ("recent papers").
      let j = i
      const inRun = (w: string) =>
        (isQualifier(w) || (j > i && w === 'of')) && !DOCUMENT_NOUNS.has(w)
      while (inRun(at(j))) j++
      if (!anchored && !DOCUMENT_NOUNS.has(at(j))) break
      i = j
    } else if (LEAD.has(word) || (anchored && PARTICLES.has(word))) {
      i++
    } else {
      break
    }
  }
  return { length: anchored ? i : 0, anchored }
}

/** Linking words after a document noun: "on", "related to", "that focus on". */
function prefixAfterLink(tokens: Token[], from: number): number {
  const at = (k: number) => tokens[from + k]?.word ?? ''
  if (LINK_PREPOSITIONS.has(at(0))) return 1
  if (LINK_PARTICIPLES.has(at(0)) && ['to', 'with', 'at', 'on'].includes(at(1))) return 2
  if (LINK_PRONOUNS.has(at(0)) && LINK_VERBS.has(at(1))) {
    return ['at', 'with', 'on'].includes(at(2)) ? 3 : 2
  }
  return 0
}

/** Where a follow-up clause ("and load them") starts, as a token index, or -1. */
function followUpAt(tokens: Token[]): number {
  for (let i = 0; i < tokens.length; i++) {
    if (!['and', 'then', '&', 'so'].includes(tokens[i]?.word ?? '')) continue
    let j = i + 1
    while (
      ['then', 'please', 'also', 'you', 'can', 'could', 'maybe'].includes(tokens[j]?.word ?? '')
    )
      j++
    if (FOLLOW_UP_VERBS.has(tokens[j]?.word ?? '')) return i
  }
  return -1
}

function stripTails(text: string): string {
  let out = text
  for (let changed = true; changed;) {
    changed = false
    for (const tail of TAILS) {
      const next = out.replace(tail, '')
      if (next !== out) {
        out = next
        changed = true
      }
    }
  }
  return out.trim()
}

interface ClauseTopic {
  start: number
  end: number
  anchored: boolean
}

/** One clause's topic as a span of the original text, or null when it is framing only. */
function clauseTopic(text: string, from: number, to: number): ClauseTopic | null {
  let tokens = tokensOf(text.slice(from, to), from)
  const follow = followUpAt(tokens)
  // A later clause opening on a follow-up verb ("… on X. Add the best two.") asks, names nothing.
  const opener = tokens[0]?.word ?? ''
  const opensOnFollowUp = from > 0 && FOLLOW_UP_VERBS.has(opener) && !SEARCH_VERBS.has(opener)
  if (follow === 0 || opensOnFollowUp) return null
  if (follow > 0) tokens = tokens.slice(0, follow)
  if (['and', 'then', 'so'].includes(tokens[0]?.word ?? '')) tokens = tokens.slice(1)
  const prefix = framingPrefix(tokens)
  const first = tokens[prefix.length]
  const last = tokens[tokens.length - 1]
  if (!first || !last) return null
  const topic = stripTails(text.slice(first.start, last.end))
  if (!topic) return null
  return { start: first.start, end: first.start + topic.length, anchored: prefix.anchored }
}

/**
 * The clauses that hold the topic: the run of clauses with a topic that starts at the first
 * one a request anchored ("I'm writing on sleep; find papers on REM" is REM), else at the
 * first with a topic ("on sleep, diet and obesity, find me papers" keeps all three).
 */
function topicRun(clauses: (ClauseTopic | null)[]): ClauseTopic[] {
  const anchored = clauses.findIndex((c) => c?.anchored)
  let i = anchored >= 0 ? anchored : clauses.findIndex((c) => c !== null)
  const run: ClauseTopic[] = []
  for (let clause = clauses[i]; i >= 0 && clause; clause = clauses[++i]) run.push(clause)
  return run
}

const CLAUSE_BOUNDS = /[,;:!?]+(?=\s|$)|\.(?=\s|$)/g

/**
 * The topic a request for papers names, in the user's own words and casing; the text itself
 * (trimmed) when it is a bare topic or nothing but framing.
 */
export function requestTopic(request: string): string {
  const text = request.trim()
  const clauses: (ClauseTopic | null)[] = []
  let from = 0
  for (const match of text.matchAll(CLAUSE_BOUNDS)) {
    clauses.push(clauseTopic(text, from, match.index))
    from = match.index + match[0].length
  }
  clauses.push(clauseTopic(text, from, text.length))
  const run = topicRun(clauses)
  const first = run[0]
  const last = run[run.length - 1]
  if (!first || !last) return text
  // A quoted title keeps its quotes: they tell the rewrite to search it verbatim.
  const quoted = /["“]/.test(text[first.start - 1] ?? '') && /["”]/.test(text[last.end] ?? '')
  return quoted ? text.slice(first.start - 1, last.end + 1) : text.slice(first.start, last.end)
}
