// The route side of the quotas: use one unit or answer 429 with Retry-After and the minutes
// left in the envelope's details; a call that then fails gives its unit back.
import { RateLimitedError } from '../errors'
import { callOperation } from '../http'
import type { SessionStub } from '../session'
import type { Deps } from '../deps'
import { paperOperations } from './operations'
import type { QuotaKind, QuotaLimits, QuotaView } from './quota'

export function quotaLimits(deps: Deps): QuotaLimits {
  const { searchLimit, chatLimit, brainLimit, cooldownMinutes, apiCooldownMinutes } =
    deps.config.papers
  return { searchLimit, chatLimit, brainLimit, cooldownMinutes, apiCooldownMinutes }
}

export async function useQuota(stub: SessionStub, deps: Deps, kind: QuotaKind): Promise<QuotaView> {
  const decision = await callOperation(stub, paperOperations.useQuota, {
    kind,
    limits: quotaLimits(deps),
  })
  if (decision.allowed) return decision.quota
  const what = {
    search: 'paper searches',
    chat: 'paper chat messages',
    brain: 'Paper Brain messages',
  }[kind]
  const why =
    decision.reason === 'api_cooldown'
      ? 'The model provider reported its quota exhausted'
      : `This session has used its ${what}`
  throw new RateLimitedError(
    `${why}; try again in ${decision.minutes_left} minute${decision.minutes_left === 1 ? '' : 's'}`,
    decision.retry_after_s,
    {
      details: {
        reason: decision.reason,
        minutes_left: decision.minutes_left,
        retry_after_s: decision.retry_after_s,
        quota: decision.quota,
      },
    },
  )
}

/**
 * Runs `work`, which a unit of `kind` was just used for. A call that fails before it has done
 * its work (the run refused because another is active, arXiv unreachable) gets the unit back:
 * quotas count work done. Once `work` returns (a stream under way), the unit is spent.
 */
export async function refundIfFails<T>(
  stub: SessionStub,
  deps: Deps,
  kind: QuotaKind,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const limits = quotaLimits(deps)
    await callOperation(stub, paperOperations.refundQuota, { kind, limits }).catch(() => undefined)
    throw error
  }
}
