// The noun phrases of a question ("world cup", "mouse cells"): what a follow-up adds to its
// topic is named by its nouns, never by its framing words ("Is that also true…", "How was this
// measured?", "What happens when…"), which word statistics alone cannot tell apart. Tagged by
// compromise's part-of-speech lexicon and rules (its "two" build: tagging, no conjugation),
// imported on first use: its lexicon costs about 100 ms of CPU to load, which only an offline
// follow-up should pay, never an isolate's start.

interface TaggedPhrase {
  text: string
  terms: { text: string; tags: string[] }[]
}

/**
 * The question's noun phrases in order, pronouns left out and end punctuation trimmed. A phrase
 * whose head (its last word) is singular in the question and no noun on its own is dropped: in
 * context the tagger reads "hold" in "Does the same hold in mice?" and "best" in "Which drugs
 * work best?" as nouns. A plural head stays ("side effects", "tumor types").
 */
export async function nounPhrases(text: string): Promise<string[]> {
  const { default: nlp } = await import('compromise/two')
  const phrases: TaggedPhrase[] = nlp(text).match('#Noun+').not('#Pronoun').json()
  return phrases.flatMap(({ text: phrase, terms }) => {
    const head = terms.at(-1)
    const trimmed = phrase.replace(/[^\p{L}\p{N}]+$/u, '').trim()
    if (!head || !trimmed) return []
    const plural = head.tags.includes('Plural')
    return plural || nlp(head.text).has('#Noun') ? [trimmed] : []
  })
}
