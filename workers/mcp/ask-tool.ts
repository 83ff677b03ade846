// The `ask` tool: a grounded answer with its sources, the same engine and abstention as
// /api/ask. Status packets become progress notifications; a cancel aborts the answer.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { askOptionsSchema, type AnswerPayload } from '../answer'
import type { McpContext } from './context'
import { askDirect, askInSession, type AskOutcome } from './ask-run'
import { withCancellation } from './in-flight'
import { documentUri } from './markdown'
import { progressReporter } from './progress'
import { guarded, toolResult } from './results'
import { authorizeSession } from './session-access'

const askInput = {
  question: z.string().trim().min(1).max(4000).describe('The question to answer'),
  session_id: z
    .uuid()
    .optional()
    .describe('Answer as a follow-up in this Quire session (its history; stoppable)'),
  session_token: z.string().min(1).max(200).optional().describe("The session's token"),
  ...askOptionsSchema.shape,
}

function answerText(payload: Partial<AnswerPayload>, stopped: boolean): string {
  const lines = [payload.answer ?? '']
  if (stopped) lines.push('', '(Stopped before the answer was finished.)')
  if (payload.abstained)
    lines.push('', `Abstained: ${payload.reason ?? 'the sources do not cover the question'}`)
  const cited = (payload.sources ?? []).filter((source) => source.cited)
  if (cited.length > 0) {
    lines.push('', 'Sources:')
    for (const source of cited) lines.push(`[${source.number}] ${source.title} — ${source.url}`)
  }
  if (payload.mode && payload.mode !== 'online') lines.push('', `Mode: ${payload.mode}`)
  return lines.join('\n').trim()
}

function structured(outcome: AskOutcome, sessionId: string | undefined) {
  const { payload } = outcome
  return {
    question: payload.question,
    answer: payload.answer ?? '',
    abstained: payload.abstained ?? false,
    ...(payload.reason ? { reason: payload.reason } : {}),
    mode: payload.mode ?? null,
    fallbacks: payload.fallbacks ?? [],
    sources: payload.sources ?? [],
    related_questions: payload.related_questions ?? [],
    model: payload.model ?? null,
    cached: payload.cached ?? false,
    stopped: outcome.stopped,
    ...(payload.search_error ? { search_error: payload.search_error } : {}),
    ...(sessionId ? { session_id: sessionId, document: documentUri(sessionId) } : {}),
  }
}

export function registerAskTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'ask',
    {
      title: 'Ask Quire',
      description:
        'A grounded answer with numbered citations to the sources it retrieved. When the evidence does not cover the question it abstains (abstained: true, reason) and cites nothing. Reports progress; cancellable.',
      inputSchema: askInput,
      annotations: { openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const { question, session_id, session_token, ...options } = args
        const input = { query: question, options }
        const onStatus = progressReporter(extra)
        const outcome = await withCancellation(
          context.callerKey,
          extra,
          context.requestSignal,
          async (signal) => {
            if (!session_id) return askDirect(context, input, onStatus, signal)
            const token = session_token ?? context.sessionToken
            const stub = await authorizeSession(context.deps, session_id, token)
            return askInSession(stub, input, onStatus, signal)
          },
        )
        return toolResult(
          structured(outcome, session_id),
          answerText(outcome.payload, outcome.stopped),
        )
      }),
  )
}
