// What the writing eval checks in a draft, written apart from Quire's own code so it can
// disagree with it: each sentence traceable to the source it cites (its words, after at most
// an attribution frame such as "One study found", appear verbatim in that source), and each
// sentence readable research prose (whole, no section label residue, no first person, not
// opening on a word that needs the sentence before).
import type { WriteAnswer } from './client'

export interface SentenceCheck {
  text: string
  sources: number[]
  traceable: boolean
  /** Words dropped before the verbatim part ("One study shows …" -> 3). */
  frameWords: number
  problems: string[]
}

const MAX_FRAME_WORDS = 6
const MIN_VERBATIM_SHARE = 0.6

const LABEL =
  /(?:Background|Methods?|Results?|Conclusions?|Objectives?|Aims?|Introduction|Context|Purpose|Findings|Importance|Relevance|Design|Setting)[A-Z][a-z]/
const CAPITALS = /^(?:[A-Z]{2,}[,:]?\s+)+[A-Z][a-z]/
const FIRST_PERSON = /\b(?:[Ww]e|[Oo]urs?|us)\b/
const NEEDS_BEFORE =
  /^(?:However|Moreover|Furthermore|In addition|Additionally|Also|Thus|Therefore|Hence|Consequently|Similarly|Likewise|Conversely|In contrast|By contrast|Nevertheless|Nonetheless|Secondly|Second|Third|Finally|Lastly|Then|These|This|Those|That|Such|It|They|Their|Its|Both|In these|In this|Of these)\b/
const EXPLETIVE = /^It (?:is|was|remains|has been) \w+(?: \w+)? (?:that|whether|to|if|how)\b/

/** Lower case, reference markers out, and the spaces they leave before punctuation closed. */
function normal(text: string): string {
  return text
    .toLowerCase()
    .replace(/\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .trim()
}

export function proseProblems(sentence: string): string[] {
  const problems: string[] = []
  if (!/^["“(]?[\p{Lu}\p{N}]/u.test(sentence) || !/[.!?]["”)]?$/.test(sentence))
    problems.push('not a whole sentence')
  if (LABEL.test(sentence) || CAPITALS.test(sentence)) problems.push('section label')
  if (/\(\s*(?:for review )?(?:see)?\s*\)/i.test(sentence)) problems.push('empty reference')
  if (FIRST_PERSON.test(sentence)) problems.push('first person')
  if (NEEDS_BEFORE.test(sentence) && !EXPLETIVE.test(sentence))
    problems.push('needs the sentence before')
  return problems
}

/** Words of `sentence`, after at most a short frame, found verbatim in `source`. */
export function traceTo(sentence: string, source: string): number | null {
  const words = normal(sentence).split(' ')
  const haystack = normal(source)
  for (let k = 0; k <= MAX_FRAME_WORDS && k < words.length; k += 1) {
    const tail = words.slice(k)
    if (tail.length < Math.max(4, MIN_VERBATIM_SHARE * words.length)) break
    // The sentence's own full stop may be a comma or nothing in the source.
    const text = tail.join(' ').replace(/[.!?]$/, '')
    if (haystack.includes(text)) return k
  }
  return null
}

/**
 * Every sentence of the draft: the draft must be exactly its attributed sentences, each citing
 * a listed source whose stored text it can be traced to.
 */
export async function checkDraft(
  answer: WriteAnswer,
  sourceText: (id: string) => Promise<string>,
): Promise<{ covered: boolean; sentences: SentenceCheck[] }> {
  const joined = answer.attributions.map((a) => a.text).join(' ')
  const covered = normal(joined) === normal(answer.document_content)
  const sentences: SentenceCheck[] = []
  for (const a of answer.attributions) {
    let frame: number | null = null
    for (const n of a.sources) {
      const id = answer.sources.find((s) => s.number === n)?.sourceId
      if (!id) continue
      frame = traceTo(a.text, await sourceText(id))
      if (frame !== null) break
    }
    sentences.push({
      text: a.text,
      sources: a.sources,
      traceable: frame !== null,
      frameWords: frame ?? 0,
      problems: proseProblems(a.text),
    })
  }
  return { covered, sentences }
}
