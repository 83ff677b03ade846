// The noun phrases of a question ("world cup", "mouse cells"): what a follow-up adds to its
// topic is named by its nouns, never by its framing words ("Is that also true…", "How was this
// measured?", "What happens when…"), which word statistics alone cannot tell apart. Tagged by
// compromise's part-of-speech lexicon and rules (its "two" build: tagging, no conjugation),
// imported on first use: its lexicon costs about 100 ms of CPU to load, which only an offline
// follow-up should pay, never an isolate's start.

/** The question's noun phrases in order, pronouns left out and end punctuation trimmed. */
export async function nounPhrases(text: string): Promise<string[]> {
  const { default: nlp } = await import('compromise/two')
  return nlp(text)
    .match('#Noun+')
    .not('#Pronoun')
    .out('array')
    .map((phrase: string) => phrase.replace(/[^\p{L}\p{N}]+$/u, '').trim())
    .filter((phrase: string) => phrase.length > 0)
}
