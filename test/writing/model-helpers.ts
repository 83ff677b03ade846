// Helpers for writing tests against the scripted model: a stage 1 JSON reply, and a session
// with the small knowledge base and the paper, scripted with the given steps.
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { createSession, PAPER, putDocument, seedKnowledgeBase } from './helpers'

export function stage1(fields: Record<string, unknown>): FakeStep {
  return {
    json: {
      message: 'Done.',
      document_content: '',
      document_structure: [],
      sources: [],
      new_types: [],
      ...fields,
    },
  }
}

export async function setUp(steps: FakeStep[]) {
  await seedKnowledgeBase()
  const fake = await scriptFake(steps)
  const session = await createSession()
  await putDocument(session, PAPER)
  return { fake, session }
}
