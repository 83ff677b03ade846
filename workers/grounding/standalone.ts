// Sentences lifted from a source, made fit to stand in someone else's text. A sentence that
// leans on what came before it in its abstract ("However, …", "These results …") or carries
// a section label glued to its words ("BackgroundIndividuals …") or an emptied reference
// ("(for review see)") cannot; a first-person
// sentence ("We found …", "Our results suggest …") or one that names its own paper ("This
// study shows …") is attributed to its source ("Smith et al. found …", "One study shows …")
// so it is not read as the claim of whoever quotes it. What cannot be attributed cleanly is
// refused (null), never half-rewritten.

/** Who a sentence is attributed to: "Smith et al." (plural verbs) or "One study" (singular). */
export interface Attribution {
  subject: string
  plural: boolean
}

export const UNKNOWN_AUTHORS: Attribution = { subject: 'One study', plural: false }

/** Openings that continue an argument made in the sentences before. */
const CONNECTIVE =
  /^(however|moreover|furthermore|in addition|additionally|also|thus|therefore|hence|consequently|accordingly|similarly|likewise|conversely|in contrast|by contrast|nevertheless|nonetheless|secondly|second|thirdly|third|finally|lastly|then|instead|indeed|in turn|as a result|as such|otherwise|meanwhile|in conclusion|in summary|to conclude|taken together|together|collectively|altogether|notably|importantly|interestingly|surprisingly|specifically|in particular|in both|in either)\b/i
/** Pronouns and demonstratives whose antecedent is in another sentence. */
const ANAPHOR =
  /^(?:(?:in|for|among|of|with|from|at|by|under|despite|given|on|to|during|after|before|unlike|like|as in)\s+)?(this|these|that|those|such|it|its|they|them|their|both|each|either|neither|the former|the latter|the same|he|she|his|her|the above|the remaining|the other|other|another|further)\b/i
/** Section labels of structured abstracts glued to the next word, or left as a capitals run. */
const GLUED_LABEL =
  /(?:Background|Methods?|Results?|Conclusions?|Objectives?|Aims?|Introduction|Context|Purpose|Findings|Interpretation|Design|Setting|Importance|Rationale|Significance|Discussion|Summary)(?=[A-Z][a-z])/
const CAPITALS_RUN = /^(?:[A-Z]{2,}[,:]?\s+)+[A-Z][a-z]/
/** The source speaking of itself. */
const SELF_NOUN =
  'study|studies|trial|review|analysis|meta-analysis|work|paper|report|investigation|survey|cohort|experiment|experiments|research|article|data|results|findings|observations|model|approach|method|estimates|analyses'
const SELF_REFERENCE = new RegExp(
  `^(?:(?:here|herein|in this (?:${SELF_NOUN})|in the (?:present|current) (?:${SELF_NOUN})),?\\s+)?(?:(this|the present|the current|our) (${SELF_NOUN}))\\b`,
  'i',
)
const WE_OPENING = new RegExp(
  `^(?:(?:here|herein|in this (?:${SELF_NOUN})|in the (?:present|current) (?:${SELF_NOUN})|to (?:this|that) end|overall|finally|lastly),?\\s+)?we\\s+((?:also|further|then|next|now|first|additionally|previously|recently|subsequently|thus|therefore)\\s+)?([a-z]+)\\b`,
  'i',
)
/** "US" is a country and "I" a numeral ("type I") too often to count as first person. */
const FIRST_PERSON = /\b(?:[Ww]e|[Oo]urs?|[Oo]urselves|us)\b/
/** "It is unclear whether …": an expletive "it" leans on nothing. */
const EXPLETIVE_IT =
  /^it (?:is|was|remains|has (?:long )?been|seems|appears) (?:\w+ ){1,2}(?:that|whether|to|if|how|why|what)\b/i
/** Past forms that need no agreement ("found", "showed"), beside the regular "-ed". */
const IRREGULAR_PAST = new Set(
  'found saw made took had were was did ran gave began chose led sought brought thought met held built knew wrote got went came kept left lost paid put read said sent set sat told understood'.split(
    ' ',
  ),
)
const MODALS = new Set('can could may might will would should must shall cannot'.split(' '))
const PLURAL_NOUNS = new Set(['studies', 'experiments', 'data', 'results', 'findings'])

/** True when the sentence continues its abstract and cannot open or stand in another text. */
export function leansOnContext(sentence: string): boolean {
  const text = sentence.trim().replace(/^["“'(]+/, '')
  if (CONNECTIVE.test(text)) return true
  return ANAPHOR.test(text) && !SELF_REFERENCE.test(text) && !EXPLETIVE_IT.test(text)
}

/** A reference the source cited, gone with its marker: "(for review see)", "( )", "see ." */
const EMPTY_REFERENCE =
  /\((?:[^()]*\bsee(?: also)?|\s*(?:ref\.?|refs\.?)?)\s*\)|\bsee(?: also)?\s*[.;,)]/i

/**
 * True when the sentence carries what its source's layout left in it: a structured abstract's
 * section label stuck to a word or left in capitals, or an empty reference.
 */
export function hasSourceResidue(sentence: string): boolean {
  return (
    GLUED_LABEL.test(sentence) ||
    CAPITALS_RUN.test(sentence.trim()) ||
    EMPTY_REFERENCE.test(sentence)
  )
}

/** "show" -> "shows", "identify" -> "identifies", "have" -> "has": a verb after "One study". */
function singular(verb: string): string {
  const lower = verb.toLowerCase()
  if (MODALS.has(lower) || IRREGULAR_PAST.has(lower) || lower.endsWith('ed')) return verb
  if (lower === 'have') return 'has'
  if (lower === 'are') return 'is'
  if (lower === 'do') return 'does'
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`
  return `${verb}s`
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The sentence with its first person and self-references attributed to `who`; unchanged when
 * it has neither; null when some first person would remain ("… led us to suggest …").
 */
export function attributeSentence(sentence: string, who: Attribution): string | null {
  let text = sentence.trim()
  const self = SELF_REFERENCE.exec(text)
  if (self) {
    const noun = (self[2] ?? '').toLowerCase()
    const byline = who.plural || who.subject !== UNKNOWN_AUTHORS.subject
    const replacement = byline
      ? `${PLURAL_NOUNS.has(noun) ? 'The' : 'A'} ${noun} by ${who.subject}`
      : PLURAL_NOUNS.has(noun)
        ? `The ${noun} of one study`
        : `One ${noun}`
    text = `${replacement}${text.slice(self[0].length)}`
  } else {
    const we = WE_OPENING.exec(text)
    if (we) {
      const verb = we[2] ?? ''
      const agreed = who.plural ? verb : singular(verb)
      text = `${who.subject} ${we[1] ?? ''}${agreed}${text.slice(we[0].length)}`
    }
  }
  if (FIRST_PERSON.test(text)) return null
  return capitalise(text)
}
