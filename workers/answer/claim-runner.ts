// The 'claim-check' run kind, hosted by SessionDO: checks the claim and saves the exchange in
// the session (the claim as the user's turn, the map as the reply), so a reopened session and
// its share page show it. A stopped check saves nothing but the claim.
import type { RunContext, RunOutcome } from '../session'
import { atBlock, type PacketBody } from '../stream'
import { ANSWER_BLOCK } from './answer'
import { toAnswerDeps } from './answer-deps'
import { checkClaim } from './claim-check'
import type { ClaimRunInput } from './claim-schemas'
import { summarizeClaimMap } from './claim-summary'

export async function runClaimCheck(context: RunContext<ClaimRunInput>): Promise<RunOutcome> {
  const { input, store, signal, sessionId } = context
  const emit = (body: PacketBody) => {
    if (!signal.aborted) context.emit(atBlock(body, ANSWER_BLOCK))
  }
  store.appendMessage({
    role: 'user',
    content: input.claim,
    data: { kind: 'claim', options: input.options },
  })
  const deps = toAnswerDeps(context.deps, emit)
  const stopped = (): RunOutcome => ({ session_id: sessionId, claim: input.claim, stopped: true })
  try {
    const payload = await checkClaim(
      { sessionId, claim: input.claim, options: input.options },
      deps,
      context.deps.db,
      signal,
    )
    if (signal.aborted) return stopped()
    const { session_id: _id, latency_ms: _ms, ...kept } = payload
    store.appendMessage({
      role: 'assistant',
      content: summarizeClaimMap(payload),
      data: { kind: 'claim', claim_check: kept },
    })
    return { ...payload }
  } catch (error) {
    if (!signal.aborted) throw error
    return stopped()
  }
}
