// Starting a run, for every entry point (REST, MCP): its record first (so GET finds it the
// moment POST answers), then the Workflow instance named by the run's id.
import type { Deps } from '../deps'
import type { ResearchOptions, ResearchParams } from './schemas'
import { createResearch } from './store'

export async function startResearchRun(
  deps: Deps,
  run: { sessionId: string; question: string; options: ResearchOptions },
): Promise<ResearchParams> {
  const params: ResearchParams = {
    research_id: crypto.randomUUID(),
    session_id: run.sessionId,
    question: run.question,
    options: run.options,
    started_at: deps.now(),
  }
  await createResearch(deps.db, params, params.started_at)
  await deps.researchWorkflow.create({ id: params.research_id, params })
  return params
}
