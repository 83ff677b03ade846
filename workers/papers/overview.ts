// Questions that name no topic ("What is this paper about?", "Summarize the loaded papers",
// "What are the main findings?"): there is nothing to retrieve on or judge relevance against,
// so they are answered from each loaded paper's opening pages (title, abstract, introduction),
// routed as summarization, shared fairly under the chat's token budget.
import { readOpeningChunks, type ChunkWithSource } from '../db'
import { contentTerms, isSmallTalk } from '../grounding'
import { DEFAULT_TOKEN_BUDGET, toRetrieved, type RetrievedChunk } from '../retrieval'
import { paperNamespace } from './namespace'
import type { GivenPage } from './page-citations'
import type { PaperRecord } from './paper-store'

/**
 * Words that ask about the papers as a whole without naming a subject: the papers themselves,
 * and what an overview is made of (aims, approach, findings). A question of only these (after
 * the grounding core's stopwords) names no topic.
 */
const OVERVIEW_WORDS =
  'paper papers article articles study studies author authors work works document documents ' +
  'pdf pdfs say says said tell describe describes discuss discusses mention mentions according ' +
  'loaded above summarize summarise summary summaries overview gist abstract main key central ' +
  'core important major findings finding results result conclusions conclusion contributions ' +
  'contribution ideas idea points point takeaways takeaway propose proposes proposed problem ' +
  'problems solve solves approach approaches method methods goal goals aim aims purpose topic ' +
  'topics content contents novel new overall brief briefly short explain summarizing ' +
  'summarising highlights general'

const GENERIC_TERMS: ReadonlySet<string> = new Set(contentTerms(OVERVIEW_WORDS))

/** Pages read from the start of each paper: enough for title, abstract and introduction. */
export const OPENING_PAGES = 2

/**
 * True when the question has no content term beyond asking about the papers in general.
 * Small talk ("who are you?") names no topic either, but is not a request for an overview.
 */
export function namesNoTopic(question: string): boolean {
  if (isSmallTalk(question)) return false
  return contentTerms(question).every((term) => GENERIC_TERMS.has(term))
}

/** Each paper's opening chunks in reading order, at least one each, within its budget share. */
function withinShare(rows: ChunkWithSource[], share: number): ChunkWithSource[] {
  const kept: ChunkWithSource[] = []
  let used = 0
  for (const row of rows) {
    if (kept.length > 0 && used + row.token_count > share) break
    kept.push(row)
    used += row.token_count
  }
  return kept
}

export interface OpeningEvidence {
  chunks: RetrievedChunk[]
  pages: GivenPage[]
}

/** The loaded papers' opening pages, in the order the papers were loaded. */
export async function openingEvidence(
  db: D1Database,
  sessionId: string,
  papers: PaperRecord[],
  budget: number = DEFAULT_TOKEN_BUDGET,
): Promise<OpeningEvidence> {
  const rows = await readOpeningChunks(db, paperNamespace(sessionId), OPENING_PAGES)
  const share = Math.floor(budget / Math.max(1, papers.length))
  const chunks: RetrievedChunk[] = []
  const pages: GivenPage[] = []
  for (const paper of papers) {
    const own = rows.filter((r) => r.title === paper.title && r.page !== null)
    for (const row of withinShare(own, share)) {
      chunks.push(toRetrieved(row))
      pages.push({ paperId: paper.id, title: paper.title, page: row.page ?? 0, text: row.content })
    }
  }
  return { chunks, pages }
}
