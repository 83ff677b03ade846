// Paper Brain's query rewrite with a model (seed 004's semantic rewrite): the fast model turns
// the user's words into a keyword search for arXiv. A title-looking query is never rewritten
// (searched verbatim); with no model, or when the model fails or answers nothing usable, the
// offline keyword extraction is used and the fallback is named.
import { AppError } from '../errors'
import type { ChatModel } from '../llm'
import { rewriteForArxiv, type RewrittenQuery } from './query-rewrite'

export interface SearchRewrite extends Omit<RewrittenQuery, 'kind'> {
  kind: RewrittenQuery['kind'] | 'semantic'
  /** Why the model's rewrite was not used, when one was tried. */
  fallback?: string
  /** Every key of the provider is out of quota: the caller starts the API cooldown. */
  providerExhausted?: boolean
}

const REWRITE_PROMPT = [
  'You turn a researcher’s request into a search string for the arXiv API.',
  'Reply with one line of 3 to 10 search words: the core technical terms, with abbreviations',
  'written out where that helps, no question words, no field prefixes, no explanation.',
].join(' ')

const MAX_CHARS = 200

/** The model's line as a plain search string: no quotes, prefixes or arXiv field syntax. */
export function cleanRewrite(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? ''
  return line
    .replace(/^\s*(search|query|keywords?)\s*:\s*/i, '')
    .replace(/\b(ti|au|abs|cat|all):/gi, ' ')
    .replace(/[^\p{L}\p{N}\s.+-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_CHARS)
}

export async function rewriteSearchQuery(
  model: ChatModel | null,
  query: string,
  signal?: AbortSignal,
): Promise<SearchRewrite> {
  const offline = rewriteForArxiv(query)
  if (offline.kind === 'title' || !model) return offline
  try {
    const response = await model.complete(
      {
        messages: [
          { role: 'system', content: REWRITE_PROMPT },
          { role: 'user', content: query },
        ],
        temperature: 0,
        maxTokens: 60,
      },
      signal,
    )
    const cleaned = cleanRewrite(response.text)
    if (cleaned.split(' ').length < 2) {
      return { ...offline, fallback: 'the model gave no usable search words' }
    }
    return { arxivQuery: cleaned, kind: 'semantic' }
  } catch (error) {
    if (signal?.aborted) throw error
    if (error instanceof AppError && error.code === 'quota_exhausted') {
      return { ...offline, fallback: 'the model provider is out of quota', providerExhausted: true }
    }
    const reason = error instanceof Error ? error.message : String(error)
    return { ...offline, fallback: `the model failed (${reason.slice(0, 200)})` }
  }
}
