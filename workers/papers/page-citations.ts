// Page citations, checked: every "[Paper Title, Page X]" in an answer must name a loaded paper
// and a page whose text was given to the model. A citation naming a paper that was given but
// a page that was not is corrected to the given page of that paper that best supports its
// sentence; one naming no given paper is removed. Nothing unverified is shown as real.
import { contentTerms } from '../grounding'

/** A chunk the model was given, as the checker sees it. */
export interface GivenPage {
  paperId: string
  title: string
  page: number
  text: string
}

export interface PageCitation {
  title: string
  page: number
  paper_id: string
}

export interface CheckedAnswer {
  text: string
  citations: PageCitation[]
  corrected: number
  removed: number
}

/** How much better another given page must support a sentence to replace the cited page. */
const SUPPORT_GAP = 0.25

const CITATION = /\s?\[([^[\]\n]{2,300}?),\s*(?:pages?|pp?\.)\s*(\d{1,4})(?:\s*[-–]\s*\d{1,4})?\]/gi

const norm = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

function titleSimilarity(a: string, b: string): number {
  const x = norm(a)
  const y = norm(b)
  if (!x || !y) return 0
  if (x === y) return 1
  // A shortened title ("PaSa" for "PaSa: An LLM Agent for ...") names the paper when it is its
  // head before the subtitle, or a long enough part of it.
  if (y.startsWith(x) && x.length >= 4) return 0.9
  const xs = new Set(x.split(' '))
  const ys = new Set(y.split(' '))
  const shared = [...xs].filter((w) => ys.has(w)).length
  return shared / Math.max(xs.size, ys.size)
}

function paperFor(title: string, given: GivenPage[]): GivenPage | undefined {
  let best: GivenPage | undefined
  let bestScore = 0
  for (const page of given) {
    const score = titleSimilarity(title, page.title)
    if (score > bestScore) {
      best = page
      bestScore = score
    }
  }
  return bestScore >= 0.6 ? best : undefined
}

/** The sentence a citation at `index` belongs to: text since the previous sentence end. */
function sentenceBefore(text: string, index: number): string {
  const head = text.slice(0, index)
  const start = Math.max(head.lastIndexOf('. '), head.lastIndexOf('\n'), head.lastIndexOf('] '))
  return head.slice(start + 1)
}

/** Share of the sentence's content terms that the page's given text contains. */
function support(sentence: string, page: GivenPage): number {
  const terms = new Set(contentTerms(sentence))
  if (terms.size === 0) return 0
  const pageTerms = new Set(contentTerms(page.text))
  return [...terms].filter((t) => pageTerms.has(t)).length / terms.size
}

/** The paper's given pages, one entry per page with all of its given text. */
function pagesOf(paperId: string, given: GivenPage[]): GivenPage[] {
  const byPage = new Map<number, GivenPage>()
  for (const g of given) {
    if (g.paperId !== paperId) continue
    const seen = byPage.get(g.page)
    byPage.set(g.page, seen ? { ...seen, text: `${seen.text}\n${g.text}` } : g)
  }
  return [...byPage.values()]
}

function bestPageFor(sentence: string, pages: GivenPage[]): GivenPage | undefined {
  let best: GivenPage | undefined
  let bestScore = -1
  for (const page of pages) {
    const score = support(sentence, page)
    if (score > bestScore) {
      best = page
      bestScore = score
    }
  }
  return best
}

/**
 * The page a citation should carry: the cited one when it was given and supports the sentence
 * about as well as any other given page of the paper; otherwise the best supporter.
 */
function verifiedPage(sentence: string, cited: number, pages: GivenPage[]): GivenPage | undefined {
  const best = bestPageFor(sentence, pages)
  const named = pages.find((g) => g.page === cited)
  if (!named) return best
  if (!best || best.page === named.page) return named
  const gap = support(sentence, best) - support(sentence, named)
  return gap >= SUPPORT_GAP ? best : named
}

export function checkPageCitations(answer: string, given: GivenPage[]): CheckedAnswer {
  const citations = new Map<string, PageCitation>()
  let corrected = 0
  let removed = 0
  const text = answer.replace(
    CITATION,
    (match, rawTitle: string, rawPage: string, offset: number) => {
      const paper = paperFor(rawTitle.trim(), given)
      if (!paper) {
        removed += 1
        return ''
      }
      const page = Number(rawPage)
      const chosen = verifiedPage(
        sentenceBefore(answer, offset),
        page,
        pagesOf(paper.paperId, given),
      )
      if (chosen && chosen.page !== page) corrected += 1
      if (!chosen) {
        removed += 1
        return ''
      }
      const key = `${chosen.paperId}\u0000${chosen.page}`
      citations.set(key, { title: chosen.title, page: chosen.page, paper_id: chosen.paperId })
      const lead = match.startsWith(' ') ? ' ' : ''
      return `${lead}[${chosen.title}, Page ${chosen.page}]`
    },
  )
  return {
    text: text.replace(/ +([.,;:])/g, '$1'),
    citations: [...citations.values()],
    corrected,
    removed,
  }
}
