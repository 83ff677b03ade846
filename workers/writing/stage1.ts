// Stage 1 as a run on the turn engine (seed 000 steps 1-15): gather the context and the judged
// evidence, mark the history, then either decline (the knowledge base does not support the
// request), or one JSON step under the mode's system prompt — which may decline through the
// sentinel — (offline: the draft from the evidence), then finish: sources out of the prose
// and grounded, each sentence tied to its sources, content held as pending in the session.
import { isNoAnswerSentinel } from '../grounding'
import type { RunContext, RunOutcome } from '../session'
import {
  announceFallback,
  createTurnRunner,
  type PreparedTurn,
  type StepRunner,
  type TurnAnswer,
} from '../turn'
import { CANNOT_REWORD, cannotEditSelection, declineReply, offlineDeclineReply } from './decline'
import { markHistory } from './history-marks'
import { highlightTexts, withHighlights } from './highlights'
import { degradedLabel, OFFLINE_LABEL, offlineDraft } from './offline-draft'
import { researchSystemPrompt, writeSystemPrompt } from './prompts'
import {
  STAGE1_JSON_SCHEMA,
  stage1OutputSchema,
  writingInputSchema,
  type Stage1Output,
  type WritingInput,
} from './schemas'
import { gatherStage1Context, type Stage1Context } from './stage1-context'
import { finishStage1, type Produced } from './stage1-finish'

const EMPTY = { document_structure: [], new_types: [], document_content: '', sources: [] }

function chatOnly(message: string): Stage1Output {
  return { ...EMPTY, message }
}

function fromAnswer(answer: TurnAnswer, revising: boolean): Produced {
  const parsed = stage1OutputSchema.safeParse(answer.value)
  const said = parsed.success ? [parsed.data.message, parsed.data.document_content] : []
  if (isNoAnswerSentinel(answer.text) || said.some(isNoAnswerSentinel)) {
    const reason = 'the model found that none of the retrieved passages supports it'
    return {
      output: chatOnly(declineReply(reason, { revising })),
      mode: 'online',
      parse: 'parsed',
      abstained: reason,
    }
  }
  if (parsed.success) return { output: parsed.data, mode: 'online', parse: 'parsed' }
  // Every parse failed: the whole reply becomes the chat message (seed 000 step 11).
  const output = stage1OutputSchema.parse({ message: answer.text })
  return {
    output,
    mode: answer.error ? 'degraded' : 'online',
    parse: 'raw',
    ...(answer.error ? { error: answer.error } : {}),
  }
}

function withoutModel(input: WritingInput, ctx: Stage1Context, label?: string): Produced {
  const mode = label ? 'degraded' : 'offline'
  const prefix = label ?? OFFLINE_LABEL
  const revising = Boolean(ctx.pending)
  if (ctx.editsSelection) {
    const message = `${prefix}\n\n${cannotEditSelection(ctx.hasHighlights)}`
    return { output: chatOnly(message), mode, parse: 'offline' }
  }
  if (ctx.rewordsPending)
    return { output: chatOnly(`${prefix}\n\n${CANNOT_REWORD}`), mode, parse: 'offline' }
  const declined = ctx.evidence.declined
  if (declined) {
    const message = `${prefix}\n\n${declineReply(declined, { revising })}`
    return { output: chatOnly(message), mode, parse: 'offline', abstained: declined }
  }
  const draft = offlineDraft(ctx.evidence, {
    mode: input.mode,
    ...(ctx.pending ? { pending: ctx.pending.document_content } : {}),
    ...(ctx.rejected ? { exclude: ctx.rejected.document_content } : {}),
    ...(label ? { label } : {}),
  })
  if (draft.kind === 'declined') {
    const message = `${prefix}\n\n${offlineDeclineReply(draft.cause, { revising })}`
    return { output: chatOnly(message), mode, parse: 'offline', abstained: draft.reason }
  }
  return { output: draft.output, mode, parse: 'offline', attributions: draft.attributions }
}

async function produce(
  turn: PreparedTurn,
  runStep: StepRunner,
  input: WritingInput,
  ctx: Stage1Context,
): Promise<Produced> {
  if (!turn.model) return withoutModel(input, ctx)
  const revising = Boolean(ctx.pending)
  // Words are a floor, not a veto: only when nothing matched at all is the model not asked.
  const rewords = ctx.rewordsPending || ctx.editsSelection
  if (ctx.evidence.declined && ctx.evidence.nothingMatched && !rewords) {
    const reason = ctx.evidence.declined
    return {
      output: chatOnly(declineReply(reason, { revising })),
      mode: 'online',
      parse: 'judged',
      abstained: reason,
    }
  }
  const persona =
    input.mode === 'research' ? researchSystemPrompt(ctx.prompt) : writeSystemPrompt(ctx.prompt)
  const answer = await runStep({
    persona,
    tools: [],
    output: {
      kind: 'json',
      schema: stage1OutputSchema,
      jsonSchema: { name: 'stage1', schema: STAGE1_JSON_SCHEMA },
    },
    recoverable: () => true,
  })
  if (!answer.error || answer.stopped) return fromAnswer(answer, revising)
  // The model failed (down, 5xx, quota, timeout): the draft from the evidence, labelled
  // degraded, so the user still gets grounded content and sees why it is not the model's.
  const { reason } = answer.error
  announceFallback(
    turn,
    `The model could not write this (${reason}); drafting from the knowledge base instead.`,
  )
  return { ...withoutModel(input, ctx, degradedLabel(reason)), error: answer.error }
}

async function runWriting(
  turn: PreparedTurn,
  runStep: StepRunner,
  input: WritingInput,
): Promise<RunOutcome> {
  const status = (message: string, phase: 'start' | 'end') =>
    turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'status', message, phase })
  status('Reading your document', 'start')
  const ctx = await gatherStage1Context(
    {
      deps: turn.deps,
      sql: turn.store.sql,
      sessionId: turn.sessionId,
      query: input.message,
      highlights: highlightTexts(input.attached_sections),
      isRewrite: input.kind === 'rewrite',
    },
    turn.signal,
  )
  if (ctx.rejected && input.reason)
    ctx.prompt.rewrite = {
      ...ctx.prompt.rewrite,
      request: ctx.rejected.request,
      rejected: ctx.rejected.document_content,
      reason: input.reason,
    }
  const judged = ctx.evidence.declined
    ? `nothing that addresses "${ctx.evidence.query}"`
    : `${ctx.evidence.passages.length} relevant passage${ctx.evidence.passages.length === 1 ? '' : 's'}`
  status(
    `Document context: ${ctx.context.kind === 'chunks' ? `${ctx.context.chunks} closest chunks` : ctx.context.kind}; knowledge base: ${judged}`,
    'end',
  )
  const marked = markHistory(turn.history, withHighlights(input.message, input.attached_sections))
  turn.history = marked.history
  turn.user = marked.user
  const produced = await produce(turn, runStep, input, ctx)
  return finishStage1(turn, { input, ctx, ...produced })
}

/** The 'writing' runner: the writing input is read once, then the turn engine runs it. */
export async function runWritingTurn(ctx: RunContext<unknown>): Promise<RunOutcome> {
  const input = writingInputSchema.parse(ctx.input)
  const runner = createTurnRunner({
    tools: [],
    orchestrate: (turn, runStep) => runWriting(turn, runStep, input),
  })
  return runner(ctx)
}
