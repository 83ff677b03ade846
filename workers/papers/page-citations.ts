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

function bestPageFor(sentence: string, pages: GivenPage[]): GivenPage | undefined {
  const terms = new Set(contentTerms(sentence))
  let best: GivenPage | undefined
  let bestScore = -1
  for (const page of pages) {
    const pageTerms = new Set(contentTerms(page.text))
    const score = [...terms].filter((t) => pageTerms.has(t)).length
    if (score > bestScore) {
      best = page
      bestScore = score
    }
  }
  return best
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
      const pages = given.filter((g) => g.paperId === paper.paperId)
      const page = Number(rawPage)
      let chosen = pages.find((g) => g.page === page)
      if (!chosen) {
        chosen = bestPageFor(sentenceBefore(answer, offset), pages)
        corrected += 1
      }
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
