// Stage 1 as a run on the turn engine (seed 000 steps 1-15): gather the context, mark the
// history, one JSON step under the mode's system prompt (offline: the extractive draft), then
// finish: sources out of the prose and grounded, new types created, research text made plain,
// content held as pending in the session object with a `pending_content` packet.
import type { RunContext, RunOutcome } from '../session'
import { createTurnRunner, type PreparedTurn, type StepRunner, type TurnAnswer } from '../turn'
import { markHistory } from './history-marks'
import { withHighlights } from './highlights'
import { degradedLabel, offlineDraft } from './offline-draft'
import { researchSystemPrompt, writeSystemPrompt } from './prompts'
import {
  STAGE1_JSON_SCHEMA,
  stage1OutputSchema,
  writingInputSchema,
  type Stage1Output,
  type WritingInput,
} from './schemas'
import { gatherStage1Context, type Stage1Context } from './stage1-context'
import { finishStage1 } from './stage1-finish'

interface Produced {
  output: Stage1Output
  mode: 'online' | 'offline' | 'degraded'
  parse: string
  error?: { code: string; message: string; reason: string }
}

function fromAnswer(answer: TurnAnswer): Produced {
  const parsed = stage1OutputSchema.safeParse(answer.value)
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

async function produce(
  turn: PreparedTurn,
  runStep: StepRunner,
  input: WritingInput,
  ctx: Stage1Context,
): Promise<Produced> {
  const draftWithout = (label?: string) =>
    offlineDraft(input.message, ctx.evidence, {
      mode: input.mode,
      pending: ctx.pending?.document_content,
      ...(label ? { label } : {}),
    }).output
  if (!turn.model) return { output: draftWithout(), mode: 'offline', parse: 'offline' }
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
  if (!answer.error || answer.stopped) return fromAnswer(answer)
  // The model failed (down, 5xx, quota, timeout): the extractive draft, labelled degraded, so
  // the user still gets grounded content and sees why it is not the model's.
  const { reason } = answer.error
  turn.emitter.emit({
    turn_index: turn.blocks.open(),
    type: 'status',
    phase: 'error',
    message: `The model could not write this (${reason}); drafting from the knowledge base instead.`,
  })
  return {
    output: draftWithout(degradedLabel(reason)),
    mode: 'degraded',
    parse: 'offline',
    error: answer.error,
  }
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
  status(
    `Document context: ${ctx.context.kind === 'chunks' ? `${ctx.context.chunks} closest chunks` : ctx.context.kind}`,
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
