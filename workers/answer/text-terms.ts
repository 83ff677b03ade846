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

/** Runs of consecutive content words in the query, in its own casing. */
function contentRuns(query: string): string[][] {
  const runs: string[][] = [[]]
  for (const word of query.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
    if (STOP_WORDS.has(word.toLowerCase())) runs.push([])
    else runs.at(-1)?.push(word)
  }
  return runs.filter((run) => run.length > 0)
}

function countIn(haystack: string, phrase: string): number {
  const escaped = phrase.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return (
    haystack.match(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'gu'))
      ?.length ?? 0
  )
}

/**
 * The query's topic in a few words: the one or two phrases (1-3 consecutive content words of
 * the query) that the sources repeat most, e.g. "vitamin D status and calcium absorption".
 */
export function topicPhrase(query: string, context: string[] = []): string {
  const haystack = context.join(' ').toLowerCase()
  const scored = contentRuns(query).flatMap((run, r) =>
    run.flatMap((_, i) =>
      [1, 2, 3].flatMap((n) => {
        if (i + n > run.length) return []
        const phrase = run.slice(i, i + n).join(' ')
        return [{ phrase, run: r, from: i, to: i + n, score: countIn(haystack, phrase) * n }]
      }),
    ),
  )
  const ranked = scored.filter((c) => c.score > 0).sort((a, b) => b.score - a.score)
  const best = ranked[0]
  if (!best) return contentRuns(query).flat().slice(0, 4).join(' ')
  const overlaps = (c: typeof best) => c.run === best.run && c.from < best.to && best.from < c.to
  const second = ranked.find((c) => !overlaps(c))
  const picked = second ? [best, second].sort((a, b) => a.run - b.run || a.from - b.from) : [best]
  return picked.map((c) => c.phrase).join(' and ')
}
