// Retrieval's own model calls (the query plan and the rerank, on `models.fast`) routed to
// scripts with schema-valid replies, so an online test's retrieval does not fall back unseen.
import { vi } from 'vitest'
import type { ChatModels } from '../../workers/llm'
import { scriptFake, type FakeRequest, type FakeStep, type ScriptedFake } from './fake-llm'

const COPIES = 8
const repeated = (step: FakeStep): FakeStep[] => Array.from({ length: COPIES }, () => step)

/** The fake's requests of every script made for one kind of call. */
function collected(fakes: ScriptedFake[]): Pick<ScriptedFake, 'requests'> {
  return {
    requests: async () => (await Promise.all(fakes.map((f) => f.requests()))).flat(),
  }
}

/**
 * One grade per passage the request numbers (`[n] title`), all equal, so the fused order
 * stands: a reply that skips passages would be a partial grading, not the schema's intent.
 */
function gradeEveryPassage(messages: readonly { content?: unknown }[]): FakeStep {
  const text = messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n')
  const ids = [...text.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]))
  return { json: { scores: ids.map((id) => ({ id, score: 7 })) } }
}

export interface ScriptedRetrieval {
  plan: Pick<ScriptedFake, 'requests'>
  rerank: Pick<ScriptedFake, 'requests'>
}

/**
 * Routes retrieval's model calls to scripts: they carry no session prompt, and the fake's
 * unscripted reply is no JSON, so without this every retrieval in an online test falls back
 * ('plan:offline', 'rerank:lexical'). By default the plan is `{task: 'qa'}` with no variations
 * and the rerank grades every passage; pass a step to change one (or to make it fail).
 */
export async function scriptRetrieval(
  models: ChatModels | null,
  steps: { plan?: FakeStep; rerank?: FakeStep } = {},
): Promise<ScriptedRetrieval> {
  if (!models) throw new Error('scriptRetrieval needs the online models')
  const plan = await scriptFake(repeated(steps.plan ?? { json: { task: 'qa', variations: [] } }))
  const fixedRerank = steps.rerank ? await scriptFake(repeated(steps.rerank)) : null
  const rerankFakes: ScriptedFake[] = fixedRerank ? [fixedRerank] : []
  const markerFor = async (schema: string | undefined, messages: FakeRequest['messages']) => {
    if (schema === 'query_plan') return plan.marker
    if (schema !== 'grades') return null
    if (fixedRerank) return fixedRerank.marker
    const fake = await scriptFake([gradeEveryPassage(messages)])
    rerankFakes.push(fake)
    return fake.marker
  }
  const fast = models.fast
  const complete = fast.complete.bind(fast)
  vi.spyOn(fast, 'complete').mockImplementation(async (request, signal) => {
    const marker = await markerFor(request.jsonSchema?.name, request.messages)
    if (!marker) return complete(request, signal)
    const messages = [{ role: 'system' as const, content: marker }, ...request.messages]
    return complete({ ...request, messages }, signal)
  })
  return { plan, rerank: collected(rerankFakes) }
}
