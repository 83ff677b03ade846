// Small lexical helpers shared by the offline answer and the offline related questions.

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in ' +
    'into is it its me my of on or our should so than that the their them then there these they ' +
    'this those to was we were what when where which who whom why will with would you your about ' +
    'tell explain give show any some more most much many such not no yes'
  ).split(' '),
)

/** Lower-cased content words with a crude plural/verb-ending strip, for overlap scoring. */
export function contentTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? [])
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
    .map((word) => word.replace(/(ies|es|s|ing|ed)$/, '') || word)
}

/** Sentences of a passage; keeps abbreviations like "e.g." together well enough for abstracts. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9(“"])/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** The query's topic in a few words, for templated follow-up questions. */
export function topicPhrase(query: string, maxWords = 5): string {
  const words = (query.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter(
    (word) => !STOP_WORDS.has(word.toLowerCase()),
  )
  return words.slice(0, maxWords).join(' ')
}
