// Stage 2's decision: a previewed placement, else the model's, else the deterministic
// placer's — each checked against the document before it is applied. Blocks are only ever
// replaced when the user's messages asked for a replacement.
import { isAbortError, type ChatModel } from '../../llm'
import { parseBlocks } from '../structure'
import { applyPlacement, type Merge } from './apply'
import { mergeDeterministically } from './fast'
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
  const fast = mergeDeterministically(options.markdown, options.content, options.userMessages)
  if (!fast) throw new Error('the deterministic placement always applies to non-empty content')
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
