// What an embedding model wants in front of a query or a document: asymmetric retrieval models
// are trained with these prefixes, so vectors made without them match less well. Chosen from
// the model name unless EMBEDDINGS_QUERY_PREFIX / EMBEDDINGS_DOCUMENT_PREFIX say otherwise.
import type { EmbedPurpose } from '../embedder'

export interface EmbedInstructions {
  query: string
  document: string
}

const NONE: EmbedInstructions = { query: '', document: '' }
const RETRIEVAL_QUERY = 'Represent this sentence for searching relevant passages: '

/** Model-name patterns and their published instructions, first match wins. */
const KNOWN: [RegExp, EmbedInstructions][] = [
  // intfloat e5 / multilingual-e5 (not the instruction-tuned e5-mistral, which needs a task line).
  [/(^|[/_-])(multilingual-)?e5-(small|base|large)/i, { query: 'query: ', document: 'passage: ' }],
  // BGE v1/v1.5 English and Chinese; bge-m3 needs no instruction.
  [/bge-(small|base|large)-en/i, { query: RETRIEVAL_QUERY, document: '' }],
  [/bge-(small|base|large)-zh/i, { query: '为这个句子生成表示以用于检索相关文章：', document: '' }],
  [/nomic-embed-text/i, { query: 'search_query: ', document: 'search_document: ' }],
  [/mxbai-embed-large|snowflake-arctic-embed/i, { query: RETRIEVAL_QUERY, document: '' }],
]

/** Explicit settings win ("none" means no prefix); otherwise the model's known instruction. */
export function embedInstructions(
  model: string,
  overrides: { queryPrefix?: string; documentPrefix?: string } = {},
): EmbedInstructions {
  const known = KNOWN.find(([pattern]) => pattern.test(model))?.[1] ?? NONE
  const pick = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : value === 'none' ? '' : value
  return {
    query: pick(overrides.queryPrefix, known.query),
    document: pick(overrides.documentPrefix, known.document),
  }
}

/** Texts as the model should see them; no purpose given means no prefix. */
export function withInstruction(
  texts: string[],
  purpose: EmbedPurpose | undefined,
  instructions: EmbedInstructions | undefined,
): string[] {
  const prefix = purpose && instructions ? instructions[purpose] : ''
  return prefix ? texts.map((t) => prefix + t) : texts
}
