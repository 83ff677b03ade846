// The end of stage 1 (seed 000 steps 12-15): sources moved out of document_content and
// grounded against what was retrieved, each sentence tied to the sources it came from, new
// types created, the research message made plain, then either pending content (stored in the
// session object, announced by a typed `pending_content` packet) or a plain chat reply — a
// declined request leaves no pending content and cites nothing. The outcome is the route's
// JSON answer.
import { modeReport } from '../grounding'
import type { RunOutcome } from '../session'
import type { PreparedTurn } from '../turn'
import { moveSourcesOut } from './clean-content'
import { createNewTypes } from './document-types'
import { putPending } from './pending-store'
import { toResearchPlainText } from './plain-text'
import {
  keepRevised,
  numberAttributions,
  traceModelContent,
  type SentenceAttribution,
  type SentenceSources,
} from './provenance'
import type { Stage1Output, WritingInput } from './schemas'
import { groundSources, type WritingSource } from './sources'
import type { Stage1Context } from './stage1-context'

/** What stage 1 produced, before it is finished. */
export interface Produced {
  output: Stage1Output
  mode: 'online' | 'offline' | 'degraded'
  parse: string
  /** The offline draft's sentences with the sources they came from. */
  attributions?: SentenceSources[]
  /** Why nothing was written: the knowledge base does not support the request. */
  abstained?: string
  error?: { code: string; message: string; reason: string }
}

export interface Stage1Result extends Produced {
  input: WritingInput
  ctx: Stage1Context
}

function traced(result: Stage1Result, content: string, grounded: WritingSource[]) {
  const { ctx } = result
  const attributions: SentenceAttribution[] = result.attributions
    ? numberAttributions(result.attributions, grounded)
    : traceModelContent(content, grounded, ctx.evidence.passages, ctx.evidence.stats)
  const next = { sources: grounded, attributions }
  const pending = ctx.pending
  if (!pending || !content) return next
  const previous = {
    sources: pending.sources as WritingSource[],
    attributions: pending.attributions,
  }
  return keepRevised(previous, next, content)
}

function fallbacksOf(result: Stage1Result): string[] {
  return [
    ...result.ctx.fallbacks,
    ...(result.parse === 'raw' ? ['stage1:unparsed_reply'] : []),
    ...(result.mode === 'degraded' && result.error ? [`stage1:${result.error.reason}`] : []),
  ]
}

export async function finishStage1(turn: PreparedTurn, result: Stage1Result): Promise<RunOutcome> {
  const { input, ctx, output } = result
  const cleaned = moveSourcesOut(output.document_content)
  const grounded = groundSources([...output.sources, ...cleaned.moved], ctx.evidence.passages)
  const { sources, attributions } = traced(result, cleaned.content, grounded)
  const types = await createNewTypes(turn.deps.db, turn.sessionId, output.new_types)
  const message =
    input.mode === 'research' ? toResearchPlainText(output.message) : output.message.trim()
  const emit = turn.emitter.emit.bind(turn.emitter)
  if (sources.length > 0) emit({ turn_index: turn.blocks.open(), type: 'sources', sources })
  if (message) emit({ turn_index: turn.blocks.open(), type: 'token', text: message })
  const asked = turn.store
    .listMessages()
    .filter((m) => m.role === 'user')
    .at(-1)
  const draft = {
    request: ctx.rejected?.request ?? input.message,
    document_content: cleaned.content,
    sources,
    attributions,
    mode: input.mode,
    session_start: ctx.rejected?.session_start ?? asked?.createdAt ?? turn.deps.now(),
  }
  const pending = cleaned.content ? putPending(turn.store.sql, draft, turn.deps.now()) : undefined
  if (pending) {
    emit({
      turn_index: turn.blocks.open(),
      type: 'pending_content',
      content: {
        pending_id: pending.id,
        status: 'pending_approval',
        document_content: pending.document_content,
        sources,
        revision: pending.revision,
        attributions,
        unsourced: sources.length === 0,
      },
    })
  }
  const status = pending ? 'pending_approval' : null
  const { mode, fallbacks } = modeReport(turn.model !== null, fallbacksOf(result))
  const saved = turn.store.appendMessage({
    role: 'assistant',
    content: message,
    data: {
      kind: 'writing_answer',
      run_id: turn.runId,
      status,
      pending_content_id: pending?.id ?? null,
      document_content: pending?.document_content ?? '',
      sources,
      mode,
    },
  })
  return {
    response: message,
    document_content: pending?.document_content ?? '',
    sources,
    attributions: pending ? attributions : [],
    abstained: Boolean(result.abstained),
    ...(result.abstained ? { reason: result.abstained } : {}),
    session_id: turn.sessionId,
    status,
    pending_content_id: pending?.id ?? null,
    revision: pending?.revision ?? null,
    /** Pending content tied to no source: placed only under a visible "no sources" warning. */
    unsourced: Boolean(pending) && sources.length === 0,
    mode,
    fallbacks,
    new_types: types,
    document_context: ctx.context.kind,
    message_id: saved.id,
    stopped: turn.state.stopped,
    ...(result.error ? { error: result.error } : {}),
  }
}
