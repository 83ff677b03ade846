// Related questions with a model: one cheap call to the fast model after the answer is
// written (alongside image enrichment), so it never delays the answer.
import { z } from 'zod'
import { completeJson, type ChatModel } from '../llm'
import { ProviderError } from '../errors'
import { relatedMessages } from './prompts'
import type { RankedSource } from './types'

const relatedSchema = z.object({ questions: z.array(z.string()).catch([]) })

export async function suggestWithModel(
  model: ChatModel,
  input: { query: string; answer: string; sources: RankedSource[] },
  signal: AbortSignal,
): Promise<string[]> {
  const request = {
    messages: relatedMessages(input.query, input.answer, input.sources),
    temperature: 0.3,
    maxTokens: 200,
  }
  const reply = await completeJson(model, request, relatedSchema, signal, {
    name: 'related_questions',
  })
  if (!reply.value) throw new ProviderError(model.model, 'the related questions were not JSON')
  return reply.value.questions.map((q) => q.trim()).filter(Boolean)
}
