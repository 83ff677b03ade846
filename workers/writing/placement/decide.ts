// Stage 2's decision: a previewed placement, else the model's, else the deterministic
// placer's — each checked against the document before it is applied. Blocks are only ever
// replaced when the user's messages asked for a replacement.
import { isAbortError, type ChatModel } from '../../llm'
import type { Embedder } from '../../retrieval'
import { parseBlocks } from '../structure'
import { applyPlacement, type Merge } from './apply'
import { matchByEmbedding } from './embedding-match'
import { mergeDeterministically, mergeIntoSection, type FastPlacement } from './fast'
import { scanHeadings } from './headings'
import { askPlacement } from './model'
import type { AppliedPlacement, Placement } from './types'

const REPLACE_INTENT =
  /\b(replac\w*|rewrit\w*|instead of|swap\w*|substitut\w*|overwrit\w*|in place of)\b/i

export interface PlacementDecision {
  merge: Merge
  placement: AppliedPlacement
  fallbacks: string[]
}

export interface DecideOptions {
  model: ChatModel | null
  markdown: string
  content: string
  userMessages: string[]
  /** A placement the user previewed and approved as shown. */
  given?: Placement
  /** For section matching by embeddings when no section name matched. */
  embedder?: Embedder
}

function guarded(p: Placement, messages: string[]): Placement {
  return p.replace.length > 0 && !messages.some((m) => REPLACE_INTENT.test(m))
    ? { ...p, replace: [] }
    : p
}

async function fromModel(options: DecideOptions, fallbacks: string[], signal?: AbortSignal) {
  if (!options.model) return null
  try {
    const blocks = parseBlocks(options.markdown)
    const answer = await askPlacement(
      options.model,
      { blocks, content: options.content, userMessages: options.userMessages },
      signal,
    )
    if (!answer) fallbacks.push('placement:model_unparsed')
    return answer
  } catch (error) {
    if (isAbortError(error)) throw error
    fallbacks.push('placement:model_failed')
    return null
  }
}

/** Terms first; when they name no section, embeddings may still find the one meant. */
async function deterministic(options: DecideOptions, signal?: AbortSignal): Promise<FastPlacement> {
  const fast = mergeDeterministically(options.markdown, options.content, options.userMessages)
  if (!fast) throw new Error('the deterministic placement always applies to non-empty content')
  const latest = options.userMessages.at(-1)
  if (fast.placement.action !== 'end' || !options.embedder || !latest) return fast
  const headings = scanHeadings(options.markdown)
  const index = await matchByEmbedding(options.embedder, headings, latest, signal).catch(
    (error: unknown) => {
      if (isAbortError(error)) throw error
      return null
    },
  )
  if (index === null) return fast
  const reason = `the request is closest to "${headings[index]?.title ?? ''}" (embeddings)`
  return mergeIntoSection(options.markdown, options.content, headings, index, reason)
}

export async function decidePlacement(
  options: DecideOptions,
  signal?: AbortSignal,
): Promise<PlacementDecision> {
  const fallbacks: string[] = []
  const candidate = options.given ?? (await fromModel(options, fallbacks, signal))
  if (candidate) {
    const placement = guarded(candidate, options.userMessages)
    const merge = applyPlacement(options.markdown, options.content, placement)
    if (merge) {
      return {
        merge,
        placement: {
          ...placement,
          decided_by: options.given ? 'preview' : 'model',
          offset: merge.offset,
          removed: merge.removed,
        },
        fallbacks,
      }
    }
    fallbacks.push(options.given ? 'placement:preview_invalid' : 'placement:model_invalid')
  } else if (!options.model && !options.given) {
    fallbacks.push('placement:offline')
  }
  const fast = await deterministic(options, signal)
  const { merge, placement } = fast
  return {
    merge,
    placement: {
      ...placement,
      decided_by: 'deterministic',
      offset: merge.offset,
      removed: merge.removed,
    },
    fallbacks,
  }
}
