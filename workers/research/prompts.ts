// The planner's prompt: a research brief of 3-6 directions, each with why it is asked, as JSON.
import type { ModelMessage } from '../llm'
import { MAX_SUB_QUESTIONS, MIN_SUB_QUESTIONS } from './schemas'

const PLAN_SYSTEM = [
  'You plan a literature review that will be answered only from a library of documents.',
  `Split the user's research question into ${MIN_SUB_QUESTIONS} to ${MAX_SUB_QUESTIONS} sub-questions`,
  'that together answer it: each one searchable on its own (name its subject, no pronouns),',
  'none repeating another. For each, say in one sentence why it is asked.',
  'Do not answer anything. Reply with JSON only:',
  '{"sub_questions":[{"question":"...","why":"..."}]}',
].join(' ')

export function planMessages(question: string): ModelMessage[] {
  return [
    { role: 'system', content: PLAN_SYSTEM },
    { role: 'user', content: `Research question:\n<question>\n${question}\n</question>` },
  ]
}
