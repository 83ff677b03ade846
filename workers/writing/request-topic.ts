// The topic of a writing request: what the knowledge base is searched and judged for. "Add two
// short paragraphs on statin therapy and LDL cholesterol to the Introduction" is about
// "statin therapy and LDL cholesterol": the words that ask for writing (add, paragraphs,
// short) and the section it should go to (the Introduction) name no topic, and judged as
// topic words they would make every request look unsupported.
import { foldText, isScholarlyWord, termOf, wordsOf } from '../grounding'
import { targetPhrases } from './placement/deterministic'
import { sectionRequested } from './placement/section-request'
import { familiesOf } from './placement/section-terms'

/**
 * Words that ask for writing, say how much or how it should read, or point at a part of the
 * paper or of the suggestion ("the second one").
 */
const WRITING_WORDS = new Set(
  (
    'write rewrite draft redraft add insert append include compose create generate produce prepare ' +
    'put give provide expand extend elaborate summarize summarise summary outline mention discuss ' +
    'cover explain describe note revise edit shorten shorter lengthen longer simplify simpler rephrase ' +
    'reword polish improve tighten condense formal informal academic tone style concise brief short ' +
    'detailed clear clearer paragraph paragraphs sentence sentences section sections subsection ' +
    'subsections passage passages text content document paper part chapter bit piece couple few ' +
    'one two three four five several new another bullet bullets point points list table heading ' +
    'intro introduction background methods methodology results discussion conclusion conclusions ' +
    'abstract overview review literature related work replace replacing swap substitute instead ' +
    'first second third fourth last final previous next former latter opening closing middle end'
  ).split(' '),
)

/** Whether a word asks for writing rather than naming what to write about. */
function isWritingWord(word: string): boolean {
  return WRITING_WORDS.has(word.toLowerCase())
}

/** Words of "to the Data section" / "under Results": the place, when they name a section. */
function placeWords(message: string): Set<string> {
  const phrases = targetPhrases(message).filter((p) => p !== message)
  const out = new Set<string>()
  for (const phrase of phrases) {
    const words = wordsOf(phrase)
    // The place is the phrase's first few words ("the Results section of the paper").
    for (const word of words.slice(0, 4)) if (familiesOf(word).size > 0) out.add(word.toLowerCase())
  }
  return out
}

/** The request's topic in its own words (casing kept: "vitamin D"); '' when it names none. */
export function requestTopic(request: string): string {
  // "a section called Limitations" names where the text goes, not what it is about.
  const section = sectionRequested(request)
  const message = section
    ? `${request.slice(0, section.start)} ${request.slice(section.end)}`
    : request
  const places = placeWords(message)
  const kept = wordsOf(message).filter(
    (word) => !isWritingWord(word) && !places.has(word.toLowerCase()),
  )
  // "a about the history of the Roman Empire" reads as "history of the Roman Empire"; a
  // scholarly word ends a phrase ("cohort studies") though it names no topic alone.
  const filler = (word: string | undefined) =>
    word !== undefined && !termOf(word) && !isScholarlyWord(foldText(word))
  while (filler(kept[0])) kept.shift()
  while (filler(kept.at(-1))) kept.pop()
  return kept.join(' ')
}
