// The offline paper answers: whole sentences quoted from the selected pages, each cited with
// its page as [Paper Title, Page X] — a sentence lifted from a page is supported by it. A
// question naming no topic gets an overview: per paper, the opening pages' sentences on what
// the paper is about (its title and its most frequent terms).
import { termOf, wordsOf, writeOfflineAnswer } from '../grounding'
import type { GivenPage } from './page-citations'

interface Quote {
  text: string
  page: GivenPage | undefined
}

function quotes(question: string, pages: GivenPage[], maxSentences: number): Quote[] {
  const sentences = writeOfflineAnswer(
    question,
    pages.map((p, i) => ({ number: i + 1, title: p.title, text: p.text })),
    { maxSentences, maxPerSource: 2 },
  )
  return sentences.map((s) => ({ text: s.text, page: pages[s.number - 1] }))
}

const cite = (q: Quote) => (q.page ? `${q.text} [${q.page.title}, Page ${q.page.page}]` : q.text)

export function extractivePaperAnswer(question: string, pages: GivenPage[]): string {
  return quotes(question, pages, 5).map(cite).join(' ')
}

const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()

/** A "sentence" that repeats the paper's title is its header (title, authors, affiliations). */
function isHeader(text: string, title: string): boolean {
  return title.split(/\s+/).length >= 3 && squash(text).includes(squash(title))
}

/** Terms a paper's opening pages use most, as words, to stand for its subject. */
const GIST_TERMS = 8

function gistQuery(title: string, pages: GivenPage[]): string {
  const counts = new Map<string, { word: string; n: number }>()
  for (const word of wordsOf(pages.map((p) => p.text).join(' '))) {
    const term = termOf(word)
    if (term.length < 3 || /^\d+$/.test(term)) continue
    const seen = counts.get(term)
    counts.set(term, { word: seen?.word ?? word, n: (seen?.n ?? 0) + 1 })
  }
  const frequent = [...counts.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, GIST_TERMS)
    .map((c) => c.word)
  return `${title} ${frequent.join(' ')}`
}

/** One paragraph per paper, in load order: what its opening pages say it is about. */
export function extractiveOverview(pages: GivenPage[]): string {
  const papers = [...new Set(pages.map((p) => p.paperId))]
  return papers
    .map((paperId) => {
      const own = pages.filter((p) => p.paperId === paperId)
      const title = own[0]?.title ?? ''
      const sentences = quotes(gistQuery(title, own), own, 6)
        .filter((q) => !isHeader(q.text, title))
        .slice(0, 3)
      return sentences.length > 0
        ? `${title}: ${sentences.map(cite).join(' ')}`
        : `${title}: its opening pages have no sentence that can be quoted as a summary.`
    })
    .join('\n\n')
}
