// The `deep_research` tool: with a question it starts a research run (in the caller's session,
// or a new one whose token it returns once) and returns its id; with a research_id it returns
// the run's status and, once done or stopped, its report with sources and references.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { readResearchSessionId } from '../db'
import { NotFoundError, ValidationError } from '../errors'
import { generateSessionToken, hashToken } from '../http'
import {
  readResearch,
  researchOptionsSchema,
  startResearchRun,
  type ResearchRecord,
} from '../research'
import { openSession } from '../session'
import type { McpContext } from './context'
import { guarded, toolResult } from './results'
import { authorizeSession } from './session-access'

const researchInput = {
  question: z.string().trim().min(1).max(4000).optional().describe('Start a run on this question'),
  research_id: z.uuid().optional().describe('Read this run instead: its status and report'),
  session_id: z.uuid().optional().describe('Start the run in this Quire session'),
  session_token: z.string().min(1).max(200).optional().describe("The session's token"),
  review: z.boolean().optional().describe('Wait for the plan to be approved before researching'),
  budget_calls: researchOptionsSchema.shape.budget_calls.optional(),
}

function reportText(record: ResearchRecord): string {
  if (!record.report) return `Research ${record.research_id}: ${record.status}.`
  return `${record.report.markdown}\n\n(Status: ${record.status}; mode: ${record.mode}.)`
}

const researchArgsSchema = z.object(researchInput)
type ResearchArgs = z.infer<typeof researchArgsSchema>

/** The caller's session (its token checked), or a new one whose token is returned once. */
async function sessionOf(context: McpContext, args: ResearchArgs) {
  const { deps } = context
  if (args.session_id) {
    await authorizeSession(deps, args.session_id, args.session_token ?? context.sessionToken)
    return { sessionId: args.session_id }
  }
  const sessionId = crypto.randomUUID()
  const token = generateSessionToken()
  const refund = await context.chargeClient('session')
  await openSession(deps, sessionId)
    .create(await hashToken(token))
    .catch(async (error: unknown) => {
      await refund()
      throw error
    })
  return { sessionId, token }
}

/** A start is a model-backed run: it counts against the client's run quota, as POST /api/research does. */
async function start(context: McpContext, args: ResearchArgs & { question: string }) {
  const refund = await context.chargeClient('run')
  return startIn(context, args).catch(async (error: unknown) => {
    await refund()
    throw error
  })
}

async function startIn(context: McpContext, args: ResearchArgs & { question: string }) {
  const { sessionId, token } = await sessionOf(context, args)
  const options = researchOptionsSchema.parse({
    review: args.review ?? false,
    ...(args.budget_calls === undefined ? {} : { budget_calls: args.budget_calls }),
  })
  const params = await startResearchRun(context.deps, {
    sessionId,
    question: args.question,
    options,
  })
  const structured = {
    research_id: params.research_id,
    session_id: params.session_id,
    status: 'planning',
    ...(token ? { session_token: token } : {}),
  }
  const text = `Started research ${params.research_id}; call deep_research with research_id for the report.`
  return toolResult(structured, text)
}

async function read(context: McpContext, id: string, token: string | undefined) {
  const sessionId = await readResearchSessionId(context.deps.db, id)
  if (!sessionId) throw new NotFoundError('No such research run')
  await authorizeSession(context.deps, sessionId, token ?? context.sessionToken)
  const record = await readResearch(context.deps.db, id, sessionId)
  if (!record) throw new NotFoundError('No such research run')
  const { sections: _sections, ...rest } = record
  return toolResult({ ...rest }, reportText(record))
}

export function registerResearchTool(server: McpServer, context: McpContext): void {
  server.registerTool(
    'deep_research',
    {
      title: 'Deep research',
      description:
        'A research report from the library: a plan of 3-6 sub-questions, each answered with citations to retrieved sources, gaps said as gaps ("The library has nothing on …"). Pass question to start a run (returns research_id); pass research_id to read its status and, when done, the report.',
      inputSchema: researchInput,
      annotations: { openWorldHint: true },
    },
    (args) =>
      guarded(async () => {
        if (args.research_id) return read(context, args.research_id, args.session_token)
        if (!args.question) throw new ValidationError('question or research_id is required')
        return start(context, { ...args, question: args.question })
      }),
  )
}
