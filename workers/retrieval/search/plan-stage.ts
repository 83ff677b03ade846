// Query planning: the task (routing) and two query variations (seed 004). With a model, one
// call to the fast model returns both (plan-prompt.ts, the prompt the answer's follow-up
// rewrite uses too); offline, or if that call fails, the task is 'qa' and the original query
// runs alone (cue-word routing and lexicon variations did not pay on held-out claims and were
// removed, eval/README.md).
import { isModelDown, modelFailureReason } from '../../llm'
import type { QueryPlan, RetrievalTask } from '../retriever'
import { planSearchWithModel } from './plan-prompt'
import type { RetrievalState, Stage } from './state'
import { DEFAULT_TASK, TASK_PARAMS } from './task-router'

const VARIATIONS = 2

function withTask(
  state: RetrievalState,
  task: RetrievalTask,
  explicit: Partial<Record<'topK' | 'topN' | 'lambda', number>>,
): RetrievalState {
  const params = TASK_PARAMS[task]
  const options = {
    ...state.options,
    task,
    topK: explicit.topK ?? params.topK,
    topN: explicit.topN ?? params.topN,
    lambda: explicit.lambda ?? params.lambda,
  }
  return { ...state, options }
}

/** The caller's precomputed plan: no model call; a missing task is 'qa'. */
function planned(
  state: RetrievalState,
  plan: QueryPlan,
  explicit: Partial<Record<'topK' | 'topN' | 'lambda', number>>,
): RetrievalState {
  const { query, options } = state
  const task = options.taskForced ? options.task : (plan.task ?? DEFAULT_TASK)
  const variations = (plan.variations ?? [])
    .filter((v) => v.trim() && v.trim().toLowerCase() !== query.trim().toLowerCase())
    .slice(0, VARIATIONS)
  const next = withTask(state, task, explicit)
  return { ...next, queries: options.stages.queryVariations ? [query, ...variations] : [query] }
}

/** Builds the stage; `explicit` holds the caller's own topK/topN/lambda, which always win. */
export function planStage(explicit: Partial<Record<'topK' | 'topN' | 'lambda', number>>): Stage {
  return async (state, ctx, signal) => {
    const { query, options } = state
    const offlineTask = options.taskForced ? options.task : DEFAULT_TASK
    const wantVariations = options.stages.queryVariations
    if (options.plan) return planned(state, options.plan, explicit)
    if (ctx.models && (wantVariations || !options.taskForced)) {
      try {
        // The one planning prompt, with no conversation: the query stays as the caller gave it.
        const plan = await planSearchWithModel(ctx.models.fast, query, [], signal)
        const next = withTask(state, options.taskForced ? options.task : plan.task, explicit)
        const variations = plan.variations.filter((v) => v.toLowerCase() !== query.toLowerCase())
        return { ...next, queries: wantVariations ? [query, ...variations] : [query] }
      } catch (error) {
        if (signal?.aborted) throw error
        state = {
          ...state,
          fallbacks: [...state.fallbacks, 'plan:offline'],
          ...(isModelDown(error) ? { modelDown: modelFailureReason(error) } : {}),
        }
      }
    }
    return withTask(state, offlineTask, explicit)
  }
}
