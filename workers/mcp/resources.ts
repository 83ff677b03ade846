// Resources: quire://sources/{id} (a knowledge-base source as markdown and JSON) and
// quire://documents/{session} (the session's transcript as markdown: the writing capability
// does not exist yet). Failures are MCP errors whose data carries the envelope's code.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { readSourceFor } from '../answer'
import { AppError, NotFoundError } from '../errors'
import { buildTranscript } from '../share'
import type { McpContext } from './context'
import { sourceMarkdown, transcriptMarkdown } from './markdown'
import { authorizeSession } from './session-access'

/** MCP's own code for an unknown resource (spec: -32002). */
const RESOURCE_NOT_FOUND = -32002

function toMcpError(error: unknown): McpError {
  if (error instanceof McpError) return error
  if (!(error instanceof AppError))
    return new McpError(ErrorCode.InternalError, 'internal: The read failed', { code: 'internal' })
  const rpcCode =
    error.status === 404
      ? RESOURCE_NOT_FOUND
      : error.status < 500
        ? ErrorCode.InvalidParams
        : ErrorCode.InternalError
  return new McpError(rpcCode, `${error.code}: ${error.message}`, {
    code: error.code,
    status: error.status,
  })
}

const single = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? ''

async function mapErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw toMcpError(error)
  }
}

export function registerResources(server: McpServer, context: McpContext): void {
  const { deps } = context
  server.registerResource(
    'source',
    new ResourceTemplate('quire://sources/{id}', { list: undefined }),
    { title: 'A knowledge-base source', description: 'Metadata, abstract and indexed passages' },
    (uri, variables) =>
      mapErrors(async () => {
        const id = decodeURIComponent(single(variables.id))
        const found = await readSourceFor(deps, id, context)
        if (!found) throw new NotFoundError('No such source')
        const { view } = found
        return {
          contents: [
            { uri: uri.href, mimeType: 'text/markdown', text: sourceMarkdown(view) },
            { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(view) },
          ],
        }
      }),
  )
  server.registerResource(
    'document',
    new ResourceTemplate('quire://documents/{session}', { list: undefined }),
    {
      title: "A session's document",
      description:
        "The session's questions and cited answers as markdown (needs X-Quire-Session-Token)",
      mimeType: 'text/markdown',
    },
    (uri, variables) =>
      mapErrors(async () => {
        const session = z.uuid().safeParse(single(variables.session))
        if (!session.success) throw new NotFoundError('No such session')
        const stub = await authorizeSession(deps, session.data, context.sessionToken)
        const described = await stub.describe()
        const transcript = buildTranscript(described.messages, described.created_at)
        const text =
          transcript.messages.length === 0
            ? 'No document: this session has no questions or answers yet.'
            : transcriptMarkdown(transcript)
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] }
      }),
  )
}
