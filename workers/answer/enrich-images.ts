// Stage 4, enrich_images: a preview image per source (og:image, else the first absolute
// <img>) through the guarded fetch, 3 seconds at most; a failure only skips that image.
import { findPageImage } from '../sources'
import { raceSignal, withDeadline } from './abort'
import type { AnswerDeps, AskState, RankedSource } from './types'

export const IMAGE_TIMEOUT_MS = 3000

/** Indexed documents have no page of their own to look at; their image (if any) came with them. */
export function needsFetch(source: RankedSource): boolean {
  return !source.image && !source.sourceId && /^https?:\/\//i.test(source.url)
}

export async function enrichImages(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const images: Record<string, string | null> = { ...state.images }
  const timeoutMs = deps.timeouts?.imageMs ?? IMAGE_TIMEOUT_MS
  const deadline = withDeadline(signal, timeoutMs)
  const pending = state.ranked.filter((s) => needsFetch(s) && !(s.url in images))
  const found = await Promise.allSettled(
    pending.map((source) =>
      raceSignal(
        findPageImage(deps.safeFetch, source.url, { timeoutMs, signal: deadline }),
        deadline,
        'image fetch',
      ),
    ),
  )
  if (signal.aborted) throw signal.reason
  found.forEach((result, i) => {
    const url = (pending[i] as RankedSource).url
    images[url] = result.status === 'fulfilled' ? (result.value ?? null) : null
  })
  for (const source of state.ranked) {
    if (source.image) images[source.url] = source.image
  }
  return { ...state, images }
}
