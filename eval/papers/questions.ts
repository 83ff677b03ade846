// Questions whose answers sit on known pages, built from the PDFs themselves (no hand-picked
// inputs): on every page, up to PER_PAGE prose sentences that occur on no other page become
// "What does the paper say about <the sentence's rarest content words>?", gold = that page.
import { contentTerms, splitSentences, wordsOf } from '../../workers/grounding'
import type { PdfPage } from '../../workers/sources'

export interface PageQuestion {
  paper: string
  question: string
  goldPage: number
  sentence: string
}

const PER_PAGE = 2
const KEY_WORDS = 5

export const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()

/** Prose, not a formula, a caption fragment or a reference: mostly words, 12 to 45 of them. */
function isProse(sentence: string): boolean {
  const words = wordsOf(sentence)
  if (words.length < 12 || words.length > 45) return false
  const letters = (sentence.match(/\p{L}/gu) ?? []).length
  if (letters / sentence.length < 0.75) return false
  return !/(et al\.|arXiv|doi|http|Figure|Table|\[\d)/i.test(sentence)
}

export function buildQuestions(paper: string, pages: PdfPage[]): PageQuestion[] {
  // Page frequency of each term: rare terms name the sentence's topic within this paper.
  const pageFreq = new Map<string, number>()
  for (const page of pages) {
    for (const term of new Set(contentTerms(page.text)))
      pageFreq.set(term, (pageFreq.get(term) ?? 0) + 1)
  }
  const squashed = pages.map((p) => squash(p.text))
  const out: PageQuestion[] = []
  for (const [i, page] of pages.entries()) {
    const candidates = splitSentences(page.text)
      .filter(isProse)
      .filter((s) => squashed.filter((text) => text.includes(squash(s))).length === 1)
      .filter((_, k, all) => k % Math.max(1, Math.floor(all.length / PER_PAGE)) === 0)
      .slice(0, PER_PAGE)
    for (const sentence of candidates) {
      // Topic words: lower-case content words (names and split words make poor questions),
      // the rarest in this paper first, then read in the sentence's order.
      const words = wordsOf(sentence.replace(/(\p{Ll})- (\p{Ll})/gu, '$1$2')).filter(
        (w) => /^\p{Ll}[\p{Ll}-]{4,}$/u.test(w) && contentTerms(w).length > 0,
      )
      const keys = [...new Set(words)]
        .map((w, order) => ({ w, order, df: pageFreq.get(contentTerms(w)[0] ?? '') ?? 99 }))
        .sort((a, b) => a.df - b.df || a.order - b.order)
        .slice(0, KEY_WORDS)
        .sort((a, b) => a.order - b.order)
        .map((k) => k.w)
      if (keys.length < 3) continue
      out.push({
        paper,
        question: `What does the paper say about ${keys.join(' ')}?`,
        goldPage: pages[i]?.page ?? i + 1,
        sentence,
      })
    }
  }
  return out
}
