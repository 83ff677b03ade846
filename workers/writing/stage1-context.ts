// Stage 1's inputs, gathered before the model is asked (seed 000 steps 3-6): the document
// context by semantic search, the structure summary, the document types, knowledge-base
// evidence for the request's topic judged by the grounding core, and the pending or rejected
// content a revision or rewrite builds on.
import type { Deps } from '../deps'
import { attributionOf } from '../grounding'
import type { RetrievedChunk } from '../retrieval'
import { readDocument, type DocumentView } from './documents'
import { documentContext, type DocumentContext } from './document-context'
import { judgedEvidence, type JudgedEvidence } from './evidence'
import { readTypes, typesList } from './document-types'
import { currentPending, latestPending, type PendingRecord } from './pending-store'
import type { PromptContext } from './prompts'
import { requestKind } from './request-kind'
import { requestTopic } from './request-topic'
import { parseBlocks, structureSummary } from './structure'

export interface Stage1Context {
  document: DocumentView
  context: DocumentContext
  /** Knowledge-base passages for the request, judged by the grounding core. */
  evidence: JudgedEvidence
  /** The message only rewords the pending content (it names no topic of its own). */
  rewordsPending: boolean
  /** The message asks to change the text it points at (a highlight), not to add content. */
  editsSelection: boolean
  /** Highlights were attached to the message. */
  hasHighlights: boolean
  pending?: PendingRecord
  rejected?: PendingRecord
  prompt: PromptContext
  fallbacks: string[]
}

/** Each judged passage, numbered, with what the library knows of its authors and year. */
function evidenceText(chunks: RetrievedChunk[]): string {
  return chunks
    .map((c, i) => {
      const by = c.authors.length ? `${attributionOf(c.authors).subject} ` : ''
      const when = c.year ? `(${c.year}) ` : ''
      const link = c.doi ? ` doi:${c.doi}` : c.url ? ` <${c.url}>` : ''
      return `[${i + 1}] ${by}${when}${c.title}${link}\n${c.content.slice(0, 1_200)}`
    })
    .join('\n\n')
}

/**
 * What the knowledge base is searched for, in order of preference: the request's topic; for
 * a revision, its own topic, then that topic with the pending request's.
 */
function evidenceQueries(input: Stage1Input, pending?: PendingRecord, rejected?: PendingRecord) {
  if (input.isRewrite && rejected)
    return { queries: [requestTopic(rejected.request)], wording: false, editing: false }
  const hasHighlights = input.highlights.trim() !== ''
  const kind = requestKind(input.query, {
    hasHighlights,
    namesTopic: requestTopic(input.query) !== '',
  })
  // "Make it shorter" with a suggestion pending and nothing highlighted rewords the suggestion.
  if (kind === 'edit_selection' && (hasHighlights || !pending))
    // The instruction's words name no topic: only the highlight's own words are looked up.
    return { queries: [requestTopic(input.highlights)], wording: false, editing: true }
  const own = requestTopic(input.query) || requestTopic(input.highlights)
  if (!pending) return { queries: [own], wording: false, editing: false }
  const earlier = requestTopic(pending.request)
  // "Make it shorter" names no topic: it rewords the pending content, on its own evidence.
  if (!own) return { queries: [earlier], wording: true, editing: false }
  // A revision continues the pending request's topic: read as a follow-up if its own fails.
  return { queries: [own, `${own} ${earlier}`], wording: false, editing: false }
}

/** The first query's evidence that the judgement accepts, else the first one's refusal. */
async function firstSupported(
  deps: Deps,
  queries: string[],
  signal: AbortSignal,
): Promise<JudgedEvidence> {
  let first: JudgedEvidence | undefined
  for (const query of queries) {
    const judged = await judgedEvidence(deps, query, signal)
    if (!judged.declined) return judged
    first ??= judged
  }
  return first as JudgedEvidence
}

interface Stage1Input {
  deps: Deps
  sql: SqlStorage
  sessionId: string
  query: string
  /** Text of the highlights attached to the message. */
  highlights: string
  isRewrite: boolean
}

export async function gatherStage1Context(
  options: Stage1Input,
  signal: AbortSignal,
): Promise<Stage1Context> {
  const { deps, sessionId, query } = options
  const document = await readDocument(deps.db, sessionId)
  const context = await documentContext(
    deps,
    {
      sessionId,
      version: document.version,
      markdown: document.markdown,
      query,
      topK: deps.config.writing.contextChunks,
    },
    signal,
  )
  const pending = options.isRewrite ? undefined : currentPending(options.sql)
  const rejected = options.isRewrite ? latestPending(options.sql) : undefined
  const asked = evidenceQueries(options, pending, rejected)
  const [types, evidence] = await Promise.all([
    readTypes(deps.db, sessionId),
    firstSupported(deps, asked.queries, signal),
  ])
  const prompt: PromptContext = {
    documentContext: context.text,
    contextKind: context.kind,
    structure: structureSummary(parseBlocks(document.markdown)),
    types: typesList(types),
    evidence: evidenceText(evidence.passages),
    evidenceJudged: !evidence.declined,
    ...(pending
      ? {
          pending: {
            content: pending.document_content,
            sources: pending.sources.map((s) => s.title),
          },
        }
      : {}),
    ...(rejected
      ? {
          rewrite: {
            request: rejected.request,
            rejected: rejected.document_content,
            ...(rejected.reject_reason ? { reason: rejected.reject_reason } : {}),
          },
        }
      : {}),
  }
  return {
    document,
    context,
    evidence,
    rewordsPending: asked.wording,
    editsSelection: asked.editing,
    hasHighlights: options.highlights.trim() !== '',
    pending,
    rejected,
    prompt,
    fallbacks: evidence.fallbacks,
  }
}
