// The topic of a question in a few words, and the offline related questions built from it
// (the question's own phrases, never stitched fragments of source titles).
import { contentTerms, termOf, wordsOf } from './terms'

export const MAX_RELATED = 3

/**
 * Runs of consecutive content words in the query, in its own casing, broken at stop words and
 * punctuation. A lone capital stays with the word before it ("vitamin D"): it names a thing
 * together with it and is never a topic of its own.
 */
function contentRuns(query: string): string[][] {
  const runs: string[][] = []
  for (const clause of query.split(/[?!.,;:()[\]]+/)) {
    runs.push([])
    for (const word of wordsOf(clause)) {
      const run = runs.at(-1) as string[]
      if (!termOf(word)) runs.push([])
      else if (/^\p{Lu}$/u.test(word) && run.length > 0) run[run.length - 1] += ` ${word}`
      else if (word.length > 1) run.push(word)
    }
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
  if (!best) return contentRuns(query)[0]?.slice(0, 3).join(' ') ?? ''
  const overlaps = (c: typeof best) => c.run === best.run && c.from < best.to && best.from < c.to
  // A second phrase adds a topic: it shares no word with the first ("vitamin D and vitamin D").
  const bestTerms = new Set(contentTerms(best.phrase))
  const second = ranked.find(
    (c) => !overlaps(c) && !contentTerms(c.phrase).some((t) => bestTerms.has(t)),
  )
  if (!second) return best.phrase
  const [first, next] = [best, second].sort((a, b) => a.run - b.run || a.from - b.from)
  if (!first || !next) return best.phrase
  // Neighbours in the question are one phrase ("bone mineral" + "density"), not two topics.
  if (first.run === next.run && first.to === next.from) return `${first.phrase} ${next.phrase}`
  return `${first.phrase} and ${next.phrase}`
}

/** Follow-up questions on the question's own topic; none without a topic. */
export function offlineRelatedQuestions(query: string, context: string[] = []): string[] {
  const topic = topicPhrase(query, context)
  if (!topic) return []
  return [
    `What do other studies find about ${topic}?`,
    `What are the limitations of the evidence on ${topic}?`,
    `Which mechanisms could explain the findings on ${topic}?`,
  ].slice(0, MAX_RELATED)
}
