// The `check_claim` tool: the evidence map of POST /api/claims/check (the same search, stances
// and verdict) as readable text and structuredContent, without the session's internals. Status
// packets become progress notifications; a cancel aborts the check.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  askOptionsSchema,
  checkClaim,
  querySchema,
  toAnswerDeps,
  type ClaimCheckPayload,
} from '../answer'
import { claimNotes, STANCE_TITLES, VERDICT_WORDS, type Stance } from '../claims'
import type { PacketBody } from '../stream'
import type { McpContext } from './context'
import { withCancellation } from './in-flight'
import { progressReporter } from './progress'
import { guarded, toolResult } from './results'

const claimInput = {
  claim: querySchema.describe('The claim to check, e.g. "Vitamin D prevents fractures"'),
  search_mode: askOptionsSchema.shape.search_mode,
}

const STANCES: Stance[] = ['supports', 'contradicts', 'unlabelled']

export function claimText(payload: ClaimCheckPayload): string {
  const lines = [`Claim: ${payload.claim}`, VERDICT_WORDS[payload.verdict], ...claimNotes(payload)]
  for (const stance of STANCES) {
    const items = payload.evidence.filter((e) => e.stance === stance)
    if (items.length === 0) continue
    lines.push('', `${STANCE_TITLES[stance]}:`)
    for (const { source, rationale } of items) {
      lines.push(`[${source.number}] ${source.title} — ${source.url}`)
      for (const quote of rationale) lines.push(`  > ${quote.text}`)
    }
  }
  if (payload.search_error) lines.push('', `Search failed: ${payload.search_error}`)
  if (payload.mode !== 'online') lines.push('', `Mode: ${payload.mode}`)
  return lines.join('\n')
}

/** The payload less what belongs to the throwaway session (its id; no token is ever made). */
function structured(payload: ClaimCheckPayload): Record<string, unknown> {
  const { session_id: _session, token: _token, ...kept } = payload
  return kept
}

export function registerClaimTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'check_claim',
    {
      title: 'Check a claim',
      description:
        'Whether the library supports or contradicts a claim: a verdict (supported, contradicted, mixed, insufficient) and per retrieved source its stance with the sentences, quoted verbatim, that say so. stance_estimated: true means offline rules set the stances (shown only where reliable; otherwise unlabelled). Reports progress; cancellable.',
      inputSchema: claimInput,
      annotations: { openWorldHint: true, readOnlyHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const onStatus = progressReporter(extra)
        const emit = (body: PacketBody) => {
          if (body.type === 'status') onStatus(body)
        }
        const options = args.search_mode ? { search_mode: args.search_mode } : {}
        const payload = await withCancellation(
          context.callerKey,
          extra,
          context.requestSignal,
          (signal) =>
            checkClaim(
              { sessionId: `mcp-${crypto.randomUUID()}`, claim: args.claim, options },
              toAnswerDeps(context.deps, emit),
              context.deps.db,
              signal,
            ),
        )
        return toolResult(structured(payload), claimText(payload))
      }),
  )
}
