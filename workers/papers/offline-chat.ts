// The offline paper answer: whole sentences quoted from the selected pages, each cited with
// its page as [Paper Title, Page X] — a sentence lifted from a page is supported by it.
import { writeOfflineAnswer } from '../grounding'
import type { GivenPage } from './page-citations'

export function extractivePaperAnswer(question: string, pages: GivenPage[]): string {
  const sentences = writeOfflineAnswer(
    question,
    pages.map((p, i) => ({ number: i + 1, title: p.title, text: p.text })),
    { maxSentences: 5, maxPerSource: 2 },
  )
  return sentences
    .map((s) => {
      const page = pages[s.number - 1]
      return page ? `${s.text} [${page.title}, Page ${page.page}]` : s.text
    })
    .join(' ')
}
